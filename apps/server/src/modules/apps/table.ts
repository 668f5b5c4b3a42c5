import { boolean, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** 大模型设置 (the `llmProvider` resource): a column per declared field — `api_key` holds the sealed key (lib/secrets). */
export const llmProvider = pgTable(
  'llm_provider',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    baseUrl: text('base_url').notNull(),
    model: text('model').notNull(),
    apiKey: text('api_key'),
    remark: text('remark').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('llm_provider_name_key').on(t.name)],
);

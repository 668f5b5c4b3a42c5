import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Site-wide settings, one JSON document per key; each key's shape is declared in `lib/settings/store.ts`. */
export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

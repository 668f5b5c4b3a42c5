import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { generalIndustry } from '../general/table';

/** 业务设置 (the `businessResource` resource): a service the platform sells through its agencies. */
export const business = pgTable(
  'business',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    industryId: integer('industry_id').references(() => generalIndustry.id),
    summary: text('summary').notNull().default(''),
    content: text('content').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('business_name_key').on(t.name), index('business_industry_id_idx').on(t.industryId)],
);

/**
 * 套餐设置 (the `businessPackage` resource): a business's packages, a child list of the business. Its foreign key keeps
 * a business with packages from being deleted; a name is unique among one business's packages. The price is whole fen.
 */
export const businessPackage = pgTable(
  'business_package',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => business.id),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    durationDays: integer('duration_days').notNull().default(30),
    quota: integer('quota').notNull().default(0),
    description: text('description').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('business_package_name_key').on(t.businessId, t.name)],
);

import { boolean, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * 代理等级 (the `agencyLevel` resource): the levels an agency holds. `users.level` refers to `level` (the rank), a key
 * users and their index held before levels were records; the migration gives that reference `on update cascade`, so
 * renumbering a level moves its holders with it, and it keeps a level users hold from being deleted. Money in fen,
 * rates in basis points.
 */
export const agencyLevel = pgTable(
  'agency_level',
  {
    id: serial('id').primaryKey(),
    level: smallint('level').notNull(),
    name: text('name').notNull(),
    threshold: integer('threshold').notNull().default(0),
    commissionRateBp: integer('commission_rate_bp').notNull().default(0),
    discountBp: integer('discount_bp').notNull().default(10_000),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agency_level_level_key').on(t.level), uniqueIndex('agency_level_name_key').on(t.name)],
);

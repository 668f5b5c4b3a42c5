import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { generalCity } from '../general/table';

/** 关联设置's regions (the `regionResource` resource): a column per declared field. */
export const relevanceRegion = pgTable(
  'relevance_region',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('relevance_region_name_key').on(t.name)],
);

/**
 * The cities of each region, by division code. The code is the key, so a city is in one region at most (which also
 * settles two staff giving it to two regions at once); deleting a region frees its cities.
 */
export const relevanceRegionCity = pgTable(
  'relevance_region_city',
  {
    regionId: integer('region_id')
      .notNull()
      .references(() => relevanceRegion.id, { onDelete: 'cascade' }),
    cityCode: text('city_code')
      .primaryKey()
      .references(() => generalCity.code),
  },
  (t) => [index('relevance_region_city_region_idx').on(t.regionId)],
);

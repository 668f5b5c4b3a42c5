import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { staff } from '../auth/table';

/** The function catalogue: menu entries (with a path) and operations (with a code), in a tree by `pid` (0 = top). */
export const power = pgTable(
  'power',
  {
    id: serial('id').primaryKey(),
    pid: integer('pid').notNull().default(0),
    kind: text('kind', { enum: ['menu', 'operation'] }).notNull(),
    name: text('name').notNull(),
    /**
     * The name the en-US interface shows; empty: it shows `name`. Null only on entries from before English names,
     * which the seed then fills from the product's menu tree.
     */
    nameEn: text('name_en'),
    path: text('path').notNull().default(''),
    code: text('code').notNull().default(''),
    icon: text('icon').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    noCache: boolean('no_cache').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('power_menu_path_key').on(t.path).where(sql`${t.kind} = 'menu'`),
    uniqueIndex('power_operation_code_key').on(t.code).where(sql`${t.kind} = 'operation'`),
    index('power_pid_idx').on(t.pid),
  ],
);
export type PowerRow = typeof power.$inferSelect;

export const role = pgTable(
  'role',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('role_name_key').on(t.name)],
);
export type RoleRow = typeof role.$inferSelect;

export const rolePower = pgTable(
  'role_power',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
    powerId: integer('power_id')
      .notNull()
      .references(() => power.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.powerId] }), index('role_power_power_idx').on(t.powerId)],
);

/** Which roles a staff account holds (the foreign key to the auth module's accounts keeps them consistent). */
export const staffRole = pgTable(
  'staff_role',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.roleId] }), index('staff_role_role_idx').on(t.roleId)],
);

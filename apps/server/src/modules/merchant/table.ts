import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { MERCHANT_SOURCES } from '@juqi/contract';
import { agency } from '../agency/table';
import { users } from '../user/table';

/**
 * A customer (客户 = merchant, docs/marketplace.md › Customers): a client company owned by one agency, its particulars
 * the values of 客户信息设置 (`extra`). 客户名称 is unique across the platform (one client, one agency: no 撞单), kept by
 * an index on the value, since the field is a system field no staff can delete or rename.
 */
export const merchant = pgTable(
  'merchant',
  {
    id: serial('id').primaryKey(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agency.userId),
    /** 客户信息设置's values, as the field engine checked them. */
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    /** The customer's app account (a user of type 2), who pays its orders; one user is at most one customer. */
    userId: integer('user_id').references(() => users.id),
    /** 客户注册设置's values as filed at sign-up, kept unchanged. */
    registerExtra: jsonb('register_extra').$type<Record<string, unknown>>(),
    source: text('source', { enum: MERCHANT_SOURCES }).notNull(),
    /** Milliseconds, as the clock gives them: the list's cursor carries a JavaScript time. */
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('merchant_customer_name_key').on(sql`(${t.extra} ->> 'customer_name')`),
    uniqueIndex('merchant_user_key').on(t.userId),
    index('merchant_created_idx').on(t.createdAt, t.id),
    index('merchant_agency_idx').on(t.agencyId, t.createdAt, t.id),
    index('merchant_extra_idx').using('gin', t.extra),
  ],
);

/**
 * A customer's product (产品信息管理): its own goods, which the services promote; its particulars the values of
 * 产品信息设置 (`extra`). A customer's products go with it when it is deleted.
 */
export const merchantProduct = pgTable(
  'merchant_product',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchant.id, { onDelete: 'cascade' }),
    /** 产品信息设置's values, as the field engine checked them. */
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    /** Milliseconds, as the clock gives them: the list's cursor carries a JavaScript time. */
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('merchant_product_created_idx').on(t.createdAt, t.id), index('merchant_product_merchant_idx').on(t.merchantId, t.createdAt, t.id), index('merchant_product_extra_idx').using('gin', t.extra)],
);

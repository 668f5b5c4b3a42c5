import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * 财务设置's three resources (`rechargePreset`, `topUpPackage`, `functionCharge`): a column per declared field. Money
 * is whole fen, beans whole beans; the checks hold what the contract's bounds hold, whatever writes the row.
 */

/** 充值档位: the amounts a user may pick when topping up; the top-up limits (app_setting `finance_recharge`) bound them. */
export const financeRechargePreset = pgTable(
  'finance_recharge_preset',
  {
    id: serial('id').primaryKey(),
    /** Fen. */
    amount: integer('amount').notNull(),
    bonusBeans: integer('bonus_beans').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('finance_recharge_preset_amount_key').on(t.amount),
    check('finance_recharge_preset_amount_positive', sql`${t.amount} > 0`),
    check('finance_recharge_preset_bonus_beans_not_negative', sql`${t.bonusBeans} >= 0`),
  ],
);

/** 套餐: bought with money, granting beans. */
export const financePackage = pgTable(
  'finance_package',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Fen. */
    price: integer('price').notNull(),
    beans: integer('beans').notNull(),
    bonusBeans: integer('bonus_beans').notNull().default(0),
    description: text('description').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('finance_package_name_key').on(t.name),
    check('finance_package_price_positive', sql`${t.price} > 0`),
    check('finance_package_beans_positive', sql`${t.beans} > 0`),
    check('finance_package_bonus_beans_not_negative', sql`${t.bonusBeans} >= 0`),
  ],
);

/** 功能收费: a paid feature of the apps area, by its code, and its price in beans per use, day or month. */
export const financeFunctionCharge = pgTable(
  'finance_function_charge',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    priceBeans: integer('price_beans').notNull(),
    /** CHARGE_UNITS: 1 per use, 2 per day, 3 per month. */
    unit: smallint('unit').notNull().default(1),
    remark: text('remark').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('finance_function_charge_code_key').on(t.code), check('finance_function_charge_price_beans_not_negative', sql`${t.priceBeans} >= 0`)],
);

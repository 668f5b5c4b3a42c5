import { ACCOUNT_KIND_CODES, CURRENCIES, TRANSFER_KIND_CODES, TRANSFER_STATES } from '@juqi/contract';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The double-entry ledger (docs/finance.md). Amounts are integers: fen for CNY, whole beans for BEAN. An account's
 * balance is credits − debits; its four sums are kept on the row, and every entry that changed them stays, immutable,
 * with the posted balance after it. Corrections are new (reversing) transfers.
 */
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const amount = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

export const ledgerAccount = pgTable(
  'ledger_account',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ACCOUNT_KIND_CODES }).notNull(),
    /** The user owning it (an agency is a user); 0 for the platform's accounts. */
    ownerId: integer('owner_id').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    /** Only platform accounts may; the check below holds every other one at ≥ 0 with its pending debits. */
    mayGoNegative: boolean('may_go_negative').notNull(),
    debitsPosted: amount('debits_posted'),
    creditsPosted: amount('credits_posted'),
    debitsPending: amount('debits_pending'),
    creditsPending: amount('credits_pending'),
    /** Credits of income kinds posted (累计收益), less their reversals. */
    incomePosted: amount('income_posted'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_account_owner_key').on(t.kind, t.ownerId),
    check('ledger_account_not_overdrawn', sql`${t.mayGoNegative} or ${t.creditsPosted} - ${t.debitsPosted} - ${t.debitsPending} >= 0`),
    check('ledger_account_sums_positive', sql`${t.debitsPosted} >= 0 and ${t.creditsPosted} >= 0 and ${t.debitsPending} >= 0 and ${t.creditsPending} >= 0`),
  ],
);
export type LedgerAccountRow = typeof ledgerAccount.$inferSelect;

export const ledgerTransfer = pgTable(
  'ledger_transfer',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: TRANSFER_KIND_CODES }).notNull(),
    /** `pending` until a later transfer posts or voids it; that transfer names it in `pending_id`. */
    state: text('state', { enum: TRANSFER_STATES }).notNull(),
    pendingId: bigint('pending_id', { mode: 'number' }),
    /** The transfer this one reverses; at most one reversal each. */
    reversesId: bigint('reverses_id', { mode: 'number' }),
    /** The caller's key: one transfer per key, ever. `fingerprint` tells a replay from another request under it. */
    idempotencyKey: text('idempotency_key'),
    fingerprint: text('fingerprint').notNull().default(''),
    memo: text('memo').notNull().default(''),
    /** What the transfer is for, as the flow that made it names it (a top-up order, a withdrawal, an adjustment). */
    reference: jsonb('reference').$type<Record<string, string | number>>().notNull().default({}),
    /** The staff member or user who caused it, when one did. */
    staffId: integer('staff_id'),
    userId: integer('user_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    resolvedAt: at('resolved_at'),
  },
  (t) => [
    uniqueIndex('ledger_transfer_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('ledger_transfer_reverses_key').on(t.reversesId),
    uniqueIndex('ledger_transfer_pending_key').on(t.pendingId),
    index('ledger_transfer_kind_idx').on(t.kind, t.createdAt, t.id),
  ],
);
export type LedgerTransferRow = typeof ledgerTransfer.$inferSelect;

export const ledgerEntry = pgTable(
  'ledger_entry',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfer.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccount.id),
    /** Signed: + credit, − debit. Never 0. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Held against the account (a pending transfer's entry) rather than moved. */
    pending: boolean('pending').notNull().default(false),
    /** The account's posted balance (credits − debits) after this entry. */
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entry_account_idx').on(t.accountId, t.id),
    index('ledger_entry_transfer_idx').on(t.transferId),
    check('ledger_entry_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);
export type LedgerEntryRow = typeof ledgerEntry.$inferSelect;

/**
 * Opening balances to import (from the users' figures before the ledger, or from another system): fill it and call
 * `ledger_open_balances(at)`, which opens the accounts, posts the figures as opening transfers against the platform's
 * opening accounts (income as 期初收益, the rest of the balance as 期初余额, beans as 期初金豆) and empties the table.
 * A frozen amount is a withdrawal in progress: it becomes a hold 期初冻结 of its own to withdrawal clearing and an
 * application to the payout account given here, for staff to pay or reject. Defined in migrations 0022 and 0028.
 */
export const ledgerOpeningImport = pgTable('ledger_opening_import', {
  userId: integer('user_id').primaryKey(),
  balance: amount('balance'),
  frozen: amount('frozen'),
  income: amount('income'),
  beans: amount('beans'),
  /** Where a frozen amount's withdrawal pays out: 1 bank card, 2 Alipay, 3 WeChat, and the account. */
  payoutType: integer('payout_type').notNull().default(2),
  accountName: text('account_name').notNull().default(''),
  accountNo: text('account_no').notNull().default(''),
});

import { z } from 'zod';
import { defineCall, fields, operation } from './call';

/**
 * The ledger's vocabulary (docs/finance.md): currencies, kinds of account and kinds of transfer. Money (CNY) is in
 * integer fen (分); beans (金豆) are whole beans. Every balance is credits minus debits: a user's account is what the
 * platform owes them, so it is positive; the platform's clearing accounts run negative as money comes in.
 */
export const CURRENCIES = ['CNY', 'BEAN'] as const;
export type Currency = (typeof CURRENCIES)[number];

type Label = { 'zh-CN': string; 'en-US': string };

export interface AccountKindDefinition {
  currency: Currency;
  /** Whose accounts these are: one per user, one per agency, or the platform's one. */
  owner: 'user' | 'agency' | 'platform';
  /** Only platform accounts may go below zero; every other balance stays ≥ 0, pending debits included. */
  mayGoNegative: boolean;
  label: Label;
}

export const ACCOUNT_KINDS = {
  user_cash: { currency: 'CNY', owner: 'user', mayGoNegative: false, label: { 'zh-CN': '用户余额', 'en-US': 'User balance' } },
  user_beans: { currency: 'BEAN', owner: 'user', mayGoNegative: false, label: { 'zh-CN': '用户金豆', 'en-US': 'User beans' } },
  agency_cash: { currency: 'CNY', owner: 'agency', mayGoNegative: false, label: { 'zh-CN': '代理余额', 'en-US': 'Agency balance' } },
  payment_clearing: { currency: 'CNY', owner: 'platform', mayGoNegative: true, label: { 'zh-CN': '支付通道清算', 'en-US': 'Payment clearing' } },
  revenue: { currency: 'CNY', owner: 'platform', mayGoNegative: true, label: { 'zh-CN': '平台收入', 'en-US': 'Revenue' } },
  commission_payable: { currency: 'CNY', owner: 'platform', mayGoNegative: true, label: { 'zh-CN': '应付佣金', 'en-US': 'Commission payable' } },
  withdrawal_clearing: { currency: 'CNY', owner: 'platform', mayGoNegative: true, label: { 'zh-CN': '提现清算', 'en-US': 'Withdrawal clearing' } },
  adjustments: { currency: 'CNY', owner: 'platform', mayGoNegative: true, label: { 'zh-CN': '调账', 'en-US': 'Adjustments' } },
  opening_balance: { currency: 'CNY', owner: 'platform', mayGoNegative: true, label: { 'zh-CN': '期初余额', 'en-US': 'Opening balances' } },
  bean_issuance: { currency: 'BEAN', owner: 'platform', mayGoNegative: true, label: { 'zh-CN': '金豆发行', 'en-US': 'Bean issuance' } },
  bean_consumption: { currency: 'BEAN', owner: 'platform', mayGoNegative: true, label: { 'zh-CN': '金豆消耗', 'en-US': 'Beans spent' } },
  promotions: { currency: 'BEAN', owner: 'platform', mayGoNegative: true, label: { 'zh-CN': '赠送金豆', 'en-US': 'Bonus beans' } },
  bean_opening: { currency: 'BEAN', owner: 'platform', mayGoNegative: true, label: { 'zh-CN': '金豆期初', 'en-US': 'Opening beans' } },
} as const satisfies Record<string, AccountKindDefinition>;
export type AccountKind = keyof typeof ACCOUNT_KINDS;
export const ACCOUNT_KIND_CODES = Object.keys(ACCOUNT_KINDS) as [AccountKind, ...AccountKind[]];

export interface TransferKindDefinition {
  label: Label;
  /** Credits of this kind to a user's or agency's account count towards its income (累计收益). */
  income?: boolean;
}

export const TRANSFER_KINDS = {
  opening: { label: { 'zh-CN': '期初余额', 'en-US': 'Opening balance' } },
  opening_income: { label: { 'zh-CN': '期初收益', 'en-US': 'Opening income' }, income: true },
  top_up: { label: { 'zh-CN': '充值', 'en-US': 'Top-up' } },
  spend: { label: { 'zh-CN': '消费', 'en-US': 'Spending' } },
  refund: { label: { 'zh-CN': '退款', 'en-US': 'Refund' } },
  earning: { label: { 'zh-CN': '收益', 'en-US': 'Earning' }, income: true },
  withdrawal: { label: { 'zh-CN': '提现', 'en-US': 'Withdrawal' } },
  adjustment: { label: { 'zh-CN': '调账', 'en-US': 'Adjustment' } },
  bean_purchase: { label: { 'zh-CN': '金豆充值', 'en-US': 'Bean purchase' } },
  bean_bonus: { label: { 'zh-CN': '赠送金豆', 'en-US': 'Bonus beans' } },
  bean_earning: { label: { 'zh-CN': '金豆收益', 'en-US': 'Bean earning' } },
  bean_spend: { label: { 'zh-CN': '金豆消费', 'en-US': 'Bean spending' } },
  reversal: { label: { 'zh-CN': '冲正', 'en-US': 'Reversal' } },
} as const satisfies Record<string, TransferKindDefinition>;
export type TransferKind = keyof typeof TRANSFER_KINDS;
export const TRANSFER_KIND_CODES = Object.keys(TRANSFER_KINDS) as [TransferKind, ...TransferKind[]];
/** Whether credits of this kind to a user's or agency's account count as income. */
export const isIncomeKind = (kind: TransferKind): boolean => (TRANSFER_KINDS[kind] as TransferKindDefinition).income === true;

/**
 * A transfer's state: `posted` moved the money; `pending` reserves it (a withdrawal in progress: the debit is held, the
 * balance not yet moved) until it is `posted` or `voided` by a later transfer.
 */
export const TRANSFER_STATES = ['posted', 'pending', 'voided'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

// ——— answers ———

const trialBalanceAccount = z.object({
  id: z.number(),
  kind: z.enum(ACCOUNT_KIND_CODES),
  owner_id: z.number(),
  debits: z.number(),
  credits: z.number(),
  balance: z.number(),
});

export const trialBalance = z.object({
  /** Per currency: the sums of every account's posted debits and credits (always equal), and of pending ones. */
  currencies: z.array(
    z.object({
      currency: z.enum(CURRENCIES),
      debits: z.number(),
      credits: z.number(),
      pending_debits: z.number(),
      pending_credits: z.number(),
      /** Whether debits equal credits, posted and pending. */
      balanced: z.boolean(),
      /** Per kind of account: how many, their debits, credits and balance (credits − debits). */
      kinds: z.array(z.object({ kind: z.enum(ACCOUNT_KIND_CODES), accounts: z.number(), debits: z.number(), credits: z.number(), balance: z.number() })),
    }),
  ),
  /** The platform's own accounts, one per kind. */
  platform_accounts: z.array(trialBalanceAccount),
});
export type TrialBalance = z.infer<typeof trialBalance>;

/** A line of an account's statement: one entry, newest first. `amount` is signed: + credit (money in), − debit. */
export const statementEntry = z.object({
  id: z.number(),
  transfer_id: z.number(),
  transfer_kind: z.enum(TRANSFER_KIND_CODES),
  amount: z.number(),
  /** A hold: the amount is held (frozen) against the balance without moving it; `transfer_state` says whether it still is. */
  pending: z.boolean(),
  /** The state of the entry's transfer: a hold `pending` still holds, `posted` moved on, `voided` was released. */
  transfer_state: z.enum(TRANSFER_STATES),
  /** The posted balance after this entry. */
  balance_after: z.number(),
  memo: z.string(),
  created_at: z.string(),
});
export type StatementEntry = z.infer<typeof statementEntry>;

export const accountSummary = z.object({
  kind: z.enum(ACCOUNT_KIND_CODES),
  currency: z.enum(CURRENCIES),
  /** Posted balance (credits − debits). */
  balance: z.number(),
  /** Held by pending debits (withdrawals in progress). */
  frozen: z.number(),
  /** What can be spent or withdrawn: balance − frozen. */
  available: z.number(),
  /** Credits of income kinds ever posted (累计收益). */
  income: z.number(),
});

export const financeCalls = {
  trialBalance: defineCall({
    method: 'POST',
    path: '/api/finance/trial_balance',
    tag: 'finance',
    summary:
      '试算平衡: per currency, the sums of debits and credits over all accounts (equal, always, posted and pending), per kind of account, ' +
      'and the platform accounts. The accountant’s first check, and the ledger’s own invariant made visible',
    permission: operation('finance.ledger.view'),
    body: z.object({}).strict(),
    data: trialBalance,
  }),
  userStatement: defineCall({
    method: 'POST',
    path: '/api/finance/user_statement',
    tag: 'finance',
    summary:
      '账户流水: a user’s account of one currency (CNY in fen, or beans), its balance, frozen and available amounts, and its entries newest first, ' +
      '`page` by `limit`. A user without an account yet has zeros and no entries',
    permission: operation('finance.statement.view'),
    body: z
      .object({
        user_id: fields.id,
        currency: z.enum(CURRENCIES).default('CNY'),
        page: fields.page,
        limit: fields.limit,
      })
      .strict(),
    data: z.object({ account: accountSummary, count: z.number().int(), data: z.array(statementEntry) }),
  }),
};

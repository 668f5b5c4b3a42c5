import { z } from 'zod';
import { defineCall, fields, jsonInt, operation, wholeNumber } from './call';
import { dayRange } from './days';
import { said } from './refusals';
import type { NamedCode } from './user';

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
  /** Whose accounts these are: one per user (an agency's are its user's), or the platform's one. */
  owner: 'user' | 'platform';
  /** Only platform accounts may go below zero; every other balance stays ≥ 0, pending debits included. */
  mayGoNegative: boolean;
  label: Label;
}

export const ACCOUNT_KINDS = {
  user_cash: { currency: 'CNY', owner: 'user', mayGoNegative: false, label: { 'zh-CN': '用户余额', 'en-US': 'User balance' } },
  user_beans: { currency: 'BEAN', owner: 'user', mayGoNegative: false, label: { 'zh-CN': '用户金豆', 'en-US': 'User beans' } },
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
  bean_adjustments: { currency: 'BEAN', owner: 'platform', mayGoNegative: true, label: { 'zh-CN': '调账金豆', 'en-US': 'Bean adjustments' } },
} as const satisfies Record<string, AccountKindDefinition>;
export type AccountKind = keyof typeof ACCOUNT_KINDS;
export const ACCOUNT_KIND_CODES = Object.keys(ACCOUNT_KINDS) as [AccountKind, ...AccountKind[]];

export interface TransferKindDefinition {
  label: Label;
  /** Credits of this kind to a user's or agency's account count towards its income (累计收益). */
  income?: boolean;
  /** Debits of this kind from a user's or agency's account take income back (a commission clawed back after a refund). */
  takesBackIncome?: boolean;
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
  commission_clawback: { label: { 'zh-CN': '佣金追回', 'en-US': 'Commission clawed back' }, takesBackIncome: true },
  reversal: { label: { 'zh-CN': '冲正', 'en-US': 'Reversal' } },
} as const satisfies Record<string, TransferKindDefinition>;
export type TransferKind = keyof typeof TRANSFER_KINDS;
export const TRANSFER_KIND_CODES = Object.keys(TRANSFER_KINDS) as [TransferKind, ...TransferKind[]];
/** How a kind's postings move the owner's income: +1 its credits count, −1 its debits take back, 0 neither. */
export const incomeSignOf = (kind: TransferKind): 1 | -1 | 0 => {
  const definition = TRANSFER_KINDS[kind] as TransferKindDefinition;
  return definition.income === true ? 1 : definition.takesBackIncome === true ? -1 : 0;
};

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

/** Who may look users up to pick one for a money action: the staff who credit or adjust a user's account. */
export const USER_PICKING_OPERATIONS = ['finance.adjust.apply', 'finance.earnings.credit', 'finance.bean_earnings.credit'] as const;
export const USER_LOOKUP_LIMIT = 10;

/** A user a money form may pick, shown so the staff can tell who it is and what the account holds. */
export const financeUser = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  /** What the user's cash account can spend now, fen (0 before it is opened). */
  cash_available: z.number().int(),
  /** What the user's bean account can spend now, whole beans. */
  beans_available: z.number().int(),
});
export type FinanceUser = z.output<typeof financeUser>;

export const financeCalls = {
  userLookup: defineCall({
    method: 'POST',
    path: '/api/finance/user_lookup',
    tag: 'finance',
    summary:
      'The users a money form (调账, 手动入账) may pick: a keyword of digits finds the user of that ID and users whose mobile starts so, any other ' +
      'finds users whose name holds it; at most 10, the exact ID first, each with its cash and bean balances. Needs one of ' +
      USER_PICKING_OPERATIONS.join(', ') +
      ' (40300 otherwise)',
    permission: 'signed-in',
    body: z.object({ keyword: fields.text(40).min(1) }).strict(),
    data: z.array(financeUser),
  }),
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

// ——— top-ups (充值): an app user's order, paid through a payment provider ———

/** How the user pays. The provider behind each is configured on the server (docs/finance.md › Payments). */
export const PAY_CHANNELS = ['wechat', 'alipay'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];
/** Each channel's name, as the screens and the export say it (`codeName`). */
export const PAY_CHANNEL_NAMES = [
  { value: 'wechat', name: { 'zh-CN': '微信支付', 'en-US': 'WeChat Pay' } },
  { value: 'alipay', name: { 'zh-CN': '支付宝', 'en-US': 'Alipay' } },
] as const satisfies readonly NamedCode<PayChannel>[];

/**
 * A top-up order's state: `pending` until the provider's signed notification says it is paid (the money is then
 * posted) or the order is closed unpaid; a payment notified after closing still credits the user (the money arrived).
 */
export const TOP_UP_STATES = ['pending', 'paid', 'closed'] as const;
export type TopUpState = (typeof TOP_UP_STATES)[number];
/** Each state's name, as the screens and the export say it (`codeName`). */
export const TOP_UP_STATE_NAMES = [
  { value: 'pending', name: { 'zh-CN': '待支付', 'en-US': 'Pending' } },
  { value: 'paid', name: { 'zh-CN': '已支付', 'en-US': 'Paid' } },
  { value: 'closed', name: { 'zh-CN': '已关闭', 'en-US': 'Closed' } },
] as const satisfies readonly NamedCode<TopUpState>[];

/** The most one top-up may be, in fen (the recharge settings narrow it): 50,000 元. */
export const TOP_UP_MAX_FEN = 5_000_000;

/** A client's key for one request: the same key with the same body answers the first answer again; with another body, 40900. */
export const idempotencyKey = z.string().trim().min(8).max(64).regex(/^[A-Za-z0-9_.:-]+$/, said({ 'zh-CN': '只能包含字母、数字和 _ . : -', 'en-US': 'letters, digits and _ . : - only' }));

export const topUpOrder = z.object({
  order_no: z.string(),
  user_id: z.number(),
  /** Fen. */
  amount: z.number(),
  bonus_beans: z.number(),
  channel: z.enum(PAY_CHANNELS),
  provider: z.string(),
  state: z.enum(TOP_UP_STATES),
  /** The provider's own number for the payment, once notified. */
  trade_no: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** The ledger transfer that credited the user, once paid. */
  transfer_id: z.number().nullable(),
});
export type TopUpOrder = z.infer<typeof topUpOrder>;

/** A provider's notification as the fake provider signs it (HMAC-SHA256 over the other fields; docs/finance.md). */
export const fakePayNotification = z
  .object({
    order_no: z.string().max(40),
    trade_no: z.string().max(64),
    amount: z.number().int().min(1).max(TOP_UP_MAX_FEN),
    status: z.enum(['SUCCESS', 'CLOSED']),
    paid_at: z.iso.datetime(),
    nonce: z.string().max(64),
    sign: z.string().max(128),
  })
  .strict();
export type FakePayNotification = z.infer<typeof fakePayNotification>;

export const topUpCalls = {
  create: defineCall({
    method: 'POST',
    path: '/api_user/finance/top_up',
    tag: 'finance',
    summary:
      'An app user’s top-up order of `amount` fen through `channel`: answers the order and where to pay. The same idempotency_key with the same body answers ' +
      'the first order again; with another body, 40900. Nothing is credited until the provider notifies the payment',
    permission: 'app-user',
    body: z.object({ amount: jsonInt(1, TOP_UP_MAX_FEN), channel: z.enum(PAY_CHANNELS), idempotency_key: idempotencyKey }).strict(),
    data: z.object({ order: topUpOrder, pay_url: z.string() }),
  }),
  status: defineCall({
    method: 'POST',
    path: '/api_user/finance/top_up_status',
    tag: 'finance',
    summary: 'One of the app user’s own top-up orders (another user’s is 40400)',
    permission: 'app-user',
    body: z.object({ order_no: z.string().trim().min(1).max(40) }).strict(),
    data: topUpOrder,
  }),
  notifyFake: defineCall({
    method: 'POST',
    path: '/api/finance/pay_notify_fake',
    tag: 'finance',
    summary:
      'The fake payment provider’s signed notification (tests and demonstrations, with FAKE_PAYMENTS=1; otherwise 40400. The WeChat Pay and Alipay adapters ' +
      'notify their own paths). A bad signature is 40300 and changes nothing; a replay answers success and changes nothing; an amount unlike the order’s ' +
      'is 40900 and kept for reconciliation',
    permission: 'public',
    body: fakePayNotification,
    data: z.object({ state: z.enum(TOP_UP_STATES) }),
  }),
  fakePay: defineCall({
    method: 'POST',
    path: '/api_user/finance/fake_pay',
    tag: 'finance',
    summary:
      'The fake provider’s checkout (tests and demonstrations, with FAKE_PAYMENTS=1; otherwise 40400): the signed-in app user pays their own order ' +
      '`order_no` (another user’s is 40400), and the fake provider notifies the payment as a real provider would. JSON only (41500 for a form post)',
    permission: 'app-user',
    jsonOnly: true,
    body: z.object({ order_no: z.string().trim().min(1).max(40) }).strict(),
    data: z.object({ state: z.enum(TOP_UP_STATES) }),
  }),
};

// ——— 用户充值记录: the top-up orders as staff see them ———

/** Filters of the top-up records (the list, its count and sum, and the export): each optional. */
const topUpFilterFields = {
  user_id: fields.id.optional(),
  /** A user's name or mobile (prefix), or an order number. */
  keyword: z.string().trim().max(40).optional(),
  state: z.enum(TOP_UP_STATES).optional(),
  channel: z.enum(PAY_CHANNELS).optional(),
  /** Days of the order's making, in the platform's time zone. */
  time: dayRange.optional(),
  /** Fen, inclusive. */
  amount_min: jsonInt(0, TOP_UP_MAX_FEN).optional(),
  amount_max: jsonInt(0, TOP_UP_MAX_FEN).optional(),
};
/** A record filter's amount range (every finance record screen's): its maximum may not be below its minimum. */
export const amountRangeOrdered = (f: { amount_min?: number; amount_max?: number }) => f.amount_min === undefined || f.amount_max === undefined || f.amount_min <= f.amount_max;
/** `amountRangeOrdered`'s refusal, naming `amount_max`. */
export const AMOUNT_RANGE = { path: ['amount_max'], message: said({ 'zh-CN': '不能低于最低金额', 'en-US': 'must not be below the minimum amount' }) };
export const topUpFilter = z.object(topUpFilterFields).strict().refine(amountRangeOrdered, AMOUNT_RANGE);
export type TopUpFilter = z.infer<typeof topUpFilter>;

export const topUpRecord = topUpOrder.extend({
  user_name: z.string(),
  user_mobile: z.string(),
  /** Notifications that did not fit the order (another amount, a second payment), kept for reconciliation. */
  mismatch: z.string(),
  notify_count: z.number(),
});
export type TopUpRecord = z.infer<typeof topUpRecord>;

/** An entry of a transfer, as a record's detail shows it: which account, how much (+ credit, − debit). */
export const transferEntry = z.object({
  account_kind: z.enum(ACCOUNT_KIND_CODES),
  owner_id: z.number(),
  currency: z.enum(CURRENCIES),
  amount: z.number(),
  pending: z.boolean(),
  balance_after: z.number(),
});
export type TransferEntry = z.infer<typeof transferEntry>;

export const topUpRecordCalls = {
  list: defineCall({
    method: 'POST',
    path: '/api/finance/recharge_list',
    tag: 'finance',
    summary: '用户充值记录: top-up orders newest first, filtered; with the filtered set’s count and the sum of its amounts (fen) and of its paid amounts',
    permission: operation('finance.recharge.view'),
    body: z.object({ ...topUpFilterFields, page: fields.page, limit: fields.limit }).strict().refine(amountRangeOrdered, AMOUNT_RANGE),
    data: z.object({ count: z.number().int(), sum_amount: z.number(), sum_paid: z.number(), data: z.array(topUpRecord) }),
  }),
  details: defineCall({
    method: 'POST',
    path: '/api/finance/recharge_details',
    tag: 'finance',
    summary: 'One top-up order and the entries of the ledger transfer that credited it (none while unpaid)',
    permission: operation('finance.recharge.view'),
    body: z.object({ order_no: z.string().trim().min(1).max(40) }).strict(),
    data: z.object({ order: topUpRecord, entries: z.array(transferEntry) }),
  }),
  export: defineCall({
    method: 'POST',
    path: '/api/finance/recharge_export',
    tag: 'finance',
    summary: 'Every top-up order the filter finds, newest first, as an .xlsx file streamed as it is made (amounts in yuan, times in the platform’s zone)',
    permission: operation('finance.recharge.export'),
    body: topUpFilter,
    data: z.null(),
    response: 'blob',
  }),
};

// ——— withdrawals (提现): an app user's application, reviewed and paid out by staff ———

/**
 * A withdrawal's state: `applied` holds the amount against the user's balance (a pending transfer); staff approve it
 * (`approved`) and pay it out (`paid`: the hold is posted), or reject it with a reason (`rejected`: the hold is voided),
 * from either of the first two states. A payout the provider refuses leaves it `approved`, to pay again or reject.
 */
export const WITHDRAWAL_STATES = ['applied', 'approved', 'paid', 'rejected'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];
/** Each state's name, as the screens and the export say it (`codeName`): what waits, not what happened. */
export const WITHDRAWAL_STATE_NAMES = [
  { value: 'applied', name: { 'zh-CN': '待审核', 'en-US': 'To review' } },
  { value: 'approved', name: { 'zh-CN': '待打款', 'en-US': 'To pay out' } },
  { value: 'paid', name: { 'zh-CN': '已打款', 'en-US': 'Paid out' } },
  { value: 'rejected', name: { 'zh-CN': '已驳回', 'en-US': 'Rejected' } },
] as const satisfies readonly NamedCode<WithdrawalState>[];

/** The least one withdrawal may be, in fen: 1 元. */
export const WITHDRAWAL_MIN_FEN = 100;

export const withdrawal = z.object({
  withdraw_no: z.string(),
  user_id: z.number(),
  /** Fen. */
  amount: z.number(),
  payout_type: z.number(),
  account_name: z.string(),
  /** Masked in lists (the last 4 characters), whole in the details. */
  account_no: z.string(),
  state: z.enum(WITHDRAWAL_STATES),
  reject_reason: z.string(),
  /** The payout provider's reference once paid. */
  payout_ref: z.string().nullable(),
  created_at: z.string(),
  /** When each step was taken; a rejection may follow an approval. */
  approved_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

const withdrawNo = z.string().trim().min(1).max(40);

export const withdrawalAppCalls = {
  apply: defineCall({
    method: 'POST',
    path: '/api_user/finance/withdraw',
    tag: 'finance',
    summary:
      'An app user applies to withdraw `amount` fen to a payout account: the amount is held against the balance at once (余额不足 is 40900 naming amount). ' +
      'An agency owing commissions clawed back pays them from its balance first: 40900 naming amount, with the most it may withdraw, when the rest would not cover it. ' +
      'The same idempotency_key with the same body answers the first application again; with another body, 40900',
    permission: 'app-user',
    body: z
      .object({
        amount: jsonInt(WITHDRAWAL_MIN_FEN, TOP_UP_MAX_FEN * 10),
        /** 1 bank card, 2 Alipay, 3 WeChat. */
        payout_type: wholeNumber(1, 3),
        account_name: z.string().trim().min(1).max(30),
        account_no: z.string().trim().min(4).max(40).regex(/^[A-Za-z0-9@._-]+$/, said({ 'zh-CN': '只能包含字母、数字和 @ . _ -', 'en-US': 'letters, digits and @ . _ - only' })),
        idempotency_key: idempotencyKey,
      })
      .strict(),
    data: withdrawal,
  }),
  status: defineCall({
    method: 'POST',
    path: '/api_user/finance/withdraw_status',
    tag: 'finance',
    summary: 'One of the app user’s own withdrawals (another user’s is 40400)',
    permission: 'app-user',
    body: z.object({ withdraw_no: withdrawNo }).strict(),
    data: withdrawal,
  }),
};

const withdrawalFilterFields = {
  user_id: fields.id.optional(),
  /** A user's name or mobile (prefix), or a withdrawal number. */
  keyword: z.string().trim().max(40).optional(),
  state: z.enum(WITHDRAWAL_STATES).optional(),
  payout_type: wholeNumber(1, 3).optional(),
  time: dayRange.optional(),
  amount_min: jsonInt(0, Number.MAX_SAFE_INTEGER).optional(),
  amount_max: jsonInt(0, Number.MAX_SAFE_INTEGER).optional(),
};
export const withdrawalFilter = z.object(withdrawalFilterFields).strict().refine(amountRangeOrdered, AMOUNT_RANGE);
export type WithdrawalFilter = z.infer<typeof withdrawalFilter>;

/** A withdrawal as staff read it: with its user, and the staff who took each step ('' for a step not taken, or not known). */
export const withdrawalRecord = withdrawal.extend({
  user_name: z.string(),
  user_mobile: z.string(),
  /** The approver's account: another person pays it out. */
  approver_id: z.number().nullable(),
  approver_name: z.string(),
  payer_name: z.string(),
  rejecter_name: z.string(),
});
export type WithdrawalRecord = z.infer<typeof withdrawalRecord>;

export const withdrawalCalls = {
  list: defineCall({
    method: 'POST',
    path: '/api/finance/withdraw_list',
    tag: 'finance',
    summary: '代理提现记录: withdrawals newest first, filtered; with the filtered set’s count, the sum of its amounts and of those paid',
    permission: operation('finance.withdraw.view'),
    body: z.object({ ...withdrawalFilterFields, page: fields.page, limit: fields.limit }).strict().refine(amountRangeOrdered, AMOUNT_RANGE),
    data: z.object({ count: z.number().int(), sum_amount: z.number(), sum_paid: z.number(), data: z.array(withdrawalRecord) }),
  }),
  details: defineCall({
    method: 'POST',
    path: '/api/finance/withdraw_details',
    tag: 'finance',
    summary: 'One withdrawal with its whole payout account (each such read is written to the operation log), and the entries of its hold and of its settlement',
    permission: operation('finance.withdraw.view'),
    body: z.object({ withdraw_no: withdrawNo }).strict(),
    data: z.object({ withdrawal: withdrawalRecord, entries: z.array(transferEntry.extend({ transfer_state: z.enum(TRANSFER_STATES) })) }),
  }),
  export: defineCall({
    method: 'POST',
    path: '/api/finance/withdraw_export',
    tag: 'finance',
    summary: 'Every withdrawal the filter finds, newest first, as an .xlsx file streamed as it is made (accounts masked)',
    permission: operation('finance.withdraw.export'),
    body: withdrawalFilter,
    data: z.null(),
    response: 'blob',
  }),
  approve: defineCall({
    method: 'POST',
    path: '/api/finance/withdraw_approve',
    tag: 'finance',
    summary: '审核通过: an applied withdrawal becomes approved, to be paid out. Any other state is 40900',
    permission: operation('finance.withdraw.approve'),
    body: z.object({ withdraw_no: withdrawNo }).strict(),
    data: withdrawal,
  }),
  pay: defineCall({
    method: 'POST',
    path: '/api/finance/withdraw_pay',
    tag: 'finance',
    summary:
      '打款: the payout provider pays an approved withdrawal and the hold is posted (the money leaves the user’s balance). Paid by a person other than ' +
      'its approver (40300); a refused payout, or no payout provider set up, is 40900 and leaves it approved; any state but approved is 40900',
    permission: operation('finance.withdraw.pay'),
    body: z.object({ withdraw_no: withdrawNo }).strict(),
    data: withdrawal,
  }),
  reject: defineCall({
    method: 'POST',
    path: '/api/finance/withdraw_reject',
    tag: 'finance',
    summary: '驳回: an applied or approved withdrawal is rejected with a reason the user sees; the hold is voided and the amount is available again',
    permission: operation('finance.withdraw.reject'),
    body: z.object({ withdraw_no: withdrawNo, reason: z.string().trim().min(1).max(200) }).strict(),
    data: withdrawal,
  }),
};

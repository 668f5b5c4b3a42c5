import { z } from 'zod';
import { defineCall, fields, jsonInt, operation } from './call';
import { dayRange } from './days';
import { AMOUNT_RANGE, amountRangeOrdered, idempotencyKey, TRANSFER_KIND_CODES, TRANSFER_STATES, transferEntry, type TransferKind } from './finance';
import type { OperationDefinition } from './operations';

/**
 * The ledger's books (docs/finance.md › Books): record screens read straight from the ledger — the entries of the
 * users' cash or bean accounts made by transfers of some kinds. One declaration per screen gives its calls, its
 * operations and its page; the money in them comes from the flows below (app users' package purchases and bean
 * spending, earnings posted by the marketplace or credited by staff) and from top-ups' bonus beans.
 */
interface BookDefinition {
  /** The calls' path stem: `/api/finance/{path}_list`. */
  path: string;
  menu: string;
  label: { 'zh-CN': string; 'en-US': string };
  /** Whose entries: the users' cash (fen) or their beans. */
  account: 'user_cash' | 'user_beans';
  /** The transfers whose entries on that account the book lists. */
  kinds: readonly TransferKind[];
  /** Money in (credits) or out (debits): the book shows amounts as positive either way. */
  side: 'credit' | 'debit';
  /**
   * Transfers taking back what the book counts, listed on the book's other side as negative lines, so the book's sum is
   * what the users kept (a commission clawed back after a refund, in 用户收益记录).
   */
  takenBack?: readonly TransferKind[];
  /** The operations' stem: `{operation}.view`, `.export`, and `.credit` where staff may credit by hand. */
  operation: string;
  /** Staff may post a credit to this book by hand, with a reason. */
  manualCredit?: boolean;
}

export const LEDGER_BOOKS = {
  user_earnings: {
    path: 'earning',
    menu: '/finance/user_earnings',
    label: { 'zh-CN': '用户收益记录', 'en-US': 'User earnings' },
    account: 'user_cash',
    kinds: ['earning', 'opening_income'],
    side: 'credit',
    takenBack: ['commission_clawback'],
    operation: 'finance.earnings',
    manualCredit: true,
  },
  user_expense: {
    path: 'expense',
    menu: '/finance/user_expense',
    label: { 'zh-CN': '用户消费记录', 'en-US': 'User spending' },
    account: 'user_cash',
    kinds: ['spend', 'bean_purchase'],
    side: 'debit',
    operation: 'finance.expense',
  },
  bean_recharge: {
    path: 'bean_recharge',
    menu: '/finance/bean/recharge',
    label: { 'zh-CN': '金豆充值记录', 'en-US': 'Bean top-ups' },
    account: 'user_beans',
    kinds: ['bean_purchase', 'bean_bonus', 'top_up'],
    side: 'credit',
    operation: 'finance.bean_recharge',
  },
  bean_earnings: {
    path: 'bean_earning',
    menu: '/finance/bean/earnings',
    label: { 'zh-CN': '金豆收益记录', 'en-US': 'Bean earnings' },
    account: 'user_beans',
    kinds: ['bean_earning'],
    side: 'credit',
    operation: 'finance.bean_earnings',
    manualCredit: true,
  },
  bean_expense: {
    path: 'bean_expense',
    menu: '/finance/bean/expense',
    label: { 'zh-CN': '金豆消费记录', 'en-US': 'Bean spending' },
    account: 'user_beans',
    kinds: ['bean_spend'],
    side: 'debit',
    operation: 'finance.bean_expense',
  },
} as const satisfies Record<string, BookDefinition>;
export type LedgerBook = keyof typeof LEDGER_BOOKS;
export const LEDGER_BOOK_CODES = Object.keys(LEDGER_BOOKS) as LedgerBook[];

/** Every kind of transfer a book lists: what it counts, then what takes it back. */
export const bookKinds = (book: LedgerBook): readonly TransferKind[] => {
  const definition: BookDefinition = LEDGER_BOOKS[book];
  return [...definition.kinds, ...(definition.takenBack ?? [])];
};

/** The most one manual credit may be: ¥ 100,000.00 in fen, or 10,000,000 beans. */
export const MANUAL_CREDIT_MAX = 10_000_000;

/** A line of a book: one entry on a user's account, with its transfer. */
export const bookRecord = z.object({
  entry_id: z.number(),
  transfer_id: z.number(),
  kind: z.enum(TRANSFER_KIND_CODES),
  user_id: z.number(),
  user_name: z.string(),
  user_mobile: z.string(),
  /** What the book counts: fen for cash books, beans for bean books; negative on a line taking it back. */
  amount: z.number(),
  /** The account's posted balance after the entry. */
  balance_after: z.number(),
  memo: z.string(),
  /** The staff who posted it by hand; empty for the flows' own postings. */
  staff_name: z.string(),
  /** A later reversal (冲正) moved it back. */
  reversed: z.boolean(),
  created_at: z.string(),
});
export type BookRecord = z.infer<typeof bookRecord>;

const bookFilterFields = {
  user_id: fields.id.optional(),
  /** A user's name or mobile (prefix), or a transfer number. */
  keyword: z.string().trim().max(40).optional(),
  /** One of the book's kinds of transfer. */
  kind: z.enum(TRANSFER_KIND_CODES).optional(),
  /** Days, in the platform's time zone. */
  time: dayRange.optional(),
  /** Fen or beans, inclusive. */
  amount_min: jsonInt(0, Number.MAX_SAFE_INTEGER).optional(),
  amount_max: jsonInt(0, Number.MAX_SAFE_INTEGER).optional(),
};
export const bookFilter = z.object(bookFilterFields).strict().refine(amountRangeOrdered, AMOUNT_RANGE);
export type BookFilter = z.infer<typeof bookFilter>;

const bookCallsOf = (book: LedgerBook) => {
  const { path, label, operation: stem } = LEDGER_BOOKS[book];
  const name = `${label['zh-CN']} (${label['en-US']})`;
  return {
    list: defineCall({
      method: 'POST',
      path: `/api/finance/${path}_list`,
      tag: 'finance',
      summary: `${name}: the book's entries newest first, filtered; with the filtered set’s count and sum`,
      permission: operation(`${stem}.view`),
      body: z.object({ ...bookFilterFields, page: fields.page, limit: fields.limit }).strict().refine(amountRangeOrdered, AMOUNT_RANGE),
      data: z.object({ count: z.number().int(), sum_amount: z.number(), data: z.array(bookRecord) }),
    }),
    details: defineCall({
      method: 'POST',
      path: `/api/finance/${path}_details`,
      tag: 'finance',
      summary: `${name}: one entry and every entry of its transfer`,
      permission: operation(`${stem}.view`),
      body: z.object({ entry_id: fields.id }).strict(),
      data: z.object({ record: bookRecord, reference: z.record(z.string(), z.union([z.string(), z.number()])), entries: z.array(transferEntry.extend({ transfer_state: z.enum(TRANSFER_STATES) })) }),
    }),
    export: defineCall({
      method: 'POST',
      path: `/api/finance/${path}_export`,
      tag: 'finance',
      summary: `${name}: every entry the filter finds, newest first, as an .xlsx file streamed as it is made`,
      permission: operation(`${stem}.export`),
      body: bookFilter,
      data: z.null(),
      response: 'blob',
    }),
  };
};

/** Each book's list, details and export. */
export const ledgerBookCalls = Object.fromEntries(LEDGER_BOOK_CODES.map((book) => [book, bookCallsOf(book)])) as { [B in LedgerBook]: ReturnType<typeof bookCallsOf> };

/** Each book's operations: view and export, and a manual credit where the book takes one. */
export const ledgerBookOperations: OperationDefinition[] = LEDGER_BOOK_CODES.flatMap((book) => {
  const { label, menu, operation: stem, ...rest } = LEDGER_BOOKS[book] as BookDefinition;
  return [
    { code: `${stem}.view`, name: `查看${label['zh-CN']}`, nameEn: `View ${label['en-US'].toLowerCase()}`, menu },
    { code: `${stem}.export`, name: `导出${label['zh-CN']}`, nameEn: `Export ${label['en-US'].toLowerCase()}`, menu },
    ...(rest.manualCredit ? [{ code: `${stem}.credit`, name: `手动入账（${label['zh-CN'].replace('记录', '')}）`, nameEn: `Credit ${label['en-US'].toLowerCase()} by hand`, menu }] : []),
  ];
});

const manualCreditBody = z
  .object({
    user_id: fields.id,
    /** Fen for a cash book, whole beans for a bean book. */
    amount: jsonInt(1, MANUAL_CREDIT_MAX),
    reason: z.string().trim().min(1).max(200),
    idempotency_key: idempotencyKey,
  })
  .strict();

/** Staff credit a user's earnings by hand, with a reason (the platform's commission payable, or its promotions for beans). */
export const manualCreditCalls = {
  earningCredit: defineCall({
    method: 'POST',
    path: '/api/finance/earning_credit',
    tag: 'finance',
    summary: '手动入账: credits `amount` fen to a user’s earnings (累计收益 counts it), with a reason. The same idempotency_key with the same body answers the first credit',
    permission: operation('finance.earnings.credit'),
    body: manualCreditBody,
    data: bookRecord,
  }),
  beanEarningCredit: defineCall({
    method: 'POST',
    path: '/api/finance/bean_earning_credit',
    tag: 'finance',
    summary: '手动入账: credits `amount` beans to a user as bean earnings, with a reason. The same idempotency_key with the same body answers the first credit',
    permission: operation('finance.bean_earnings.credit'),
    body: manualCreditBody,
    data: bookRecord,
  }),
};

/** What an app user's purchase or spending moved, and where their accounts stand after it. */
const appUserPosting = z.object({
  transfer_id: z.number().nullable(),
  /** Fen paid (a package), 0 for bean spending. */
  paid: z.number(),
  /** Beans credited (a package's beans and bonus) or, negative, spent. */
  beans: z.number(),
  /** The user's available cash (fen) and beans now. */
  cash_available: z.number(),
  bean_balance: z.number(),
});
export type AppUserPosting = z.infer<typeof appUserPosting>;

/** An app user buys a 套餐 with their balance, and spends beans on a paid feature (功能收费). */
export const beanAppCalls = {
  packageBuy: defineCall({
    method: 'POST',
    path: '/api_user/finance/package_buy',
    tag: 'finance',
    summary:
      'An app user buys an enabled package with their balance: its price is paid to the platform and its beans and bonus beans credited, in one posting. ' +
      '余额不足 is 40900 naming amount; a package not on sale is 40400. The same idempotency_key with the same body answers the first purchase; with another, 40900',
    permission: 'app-user',
    body: z.object({ package_id: fields.id, idempotency_key: idempotencyKey }).strict(),
    data: appUserPosting,
  }),
  beanSpend: defineCall({
    method: 'POST',
    path: '/api_user/finance/bean_spend',
    tag: 'finance',
    summary:
      'An app user spends beans on a paid feature: `quantity` times the price of its charge in force (功能收费设置). Too few beans is 40900 naming amount; a feature ' +
      'without a charge in force is 40400; a free one moves nothing. The same idempotency_key with the same body answers the first spending',
    permission: 'app-user',
    body: z
      .object({
        feature_code: z.string().trim().min(2).max(50),
        quantity: jsonInt(1, 1000).default(1),
        idempotency_key: idempotencyKey,
      })
      .strict(),
    data: appUserPosting,
  }),
};

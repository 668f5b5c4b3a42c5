import { LEDGER_BOOKS, TRANSFER_KINDS, type BookFilter, type BookRecord, type LedgerBook, type TransferKind } from '@juqi/contract';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../lib/db/client';
import { staff, users } from '../../lib/db/schema';
import { AppError } from '../../lib/errors';
import { ledgerAccount, ledgerEntry, ledgerTransfer } from '../../lib/ledger/table';
import { exportedTime } from '../../lib/time-zone';
import type { RecordWorkbook } from '../../lib/records/record-list';
import { RecordList } from '../../lib/records/record-list';
import { commonRecordConditions } from './record-filters';
import { transferEntries } from '../../lib/ledger/ledger';

/** A later transfer reversing this one. */
const reversal = alias(ledgerTransfer, 'reversal');

const bookColumns = {
  entryId: ledgerEntry.id,
  transferId: ledgerEntry.transferId,
  kind: ledgerTransfer.kind,
  userId: ledgerAccount.ownerId,
  userName: sql<string>`coalesce(${users.name}, '')`,
  userMobile: sql<string>`coalesce(${users.mobile}, '')`,
  amount: ledgerEntry.amount,
  balanceAfter: ledgerEntry.balanceAfter,
  memo: ledgerTransfer.memo,
  reference: ledgerTransfer.reference,
  staffName: sql<string>`coalesce(${staff.name}, '')`,
  reversed: sql<boolean>`(${reversal.id} is not null)`,
  createdAt: ledgerEntry.createdAt,
};
type BookRow = {
  entryId: number;
  transferId: number;
  kind: TransferKind;
  userId: number;
  userName: string;
  userMobile: string;
  amount: number;
  balanceAfter: number;
  memo: string;
  reference: Record<string, string | number>;
  staffName: string;
  reversed: boolean;
  createdAt: Date;
};

/** +1 where the book counts credits, −1 where it counts debits: an entry's amount times it is the book's amount. */
const sideSign = (book: LedgerBook): 1 | -1 => (LEDGER_BOOKS[book].side === 'credit' ? 1 : -1);

const toRecordOf = (book: LedgerBook) => (r: BookRow): BookRecord => ({
  entry_id: r.entryId,
  transfer_id: r.transferId,
  kind: r.kind,
  user_id: r.userId,
  user_name: r.userName,
  user_mobile: r.userMobile,
  amount: r.amount * sideSign(book),
  balance_after: r.balanceAfter,
  memo: r.memo,
  staff_name: r.staffName,
  reversed: r.reversed,
  created_at: r.createdAt.toISOString(),
});

/**
 * The conditions that make an entry one of the book's: its account's kind, posted, and either a transfer of the book's
 * kinds on its side or one taking those back on the other side.
 */
function inBook(book: LedgerBook) {
  const definition: { account: (typeof LEDGER_BOOKS)[LedgerBook]['account']; kinds: readonly TransferKind[]; takenBack?: readonly TransferKind[] } = LEDGER_BOOKS[book];
  const credits = sql`${ledgerEntry.amount} > 0`;
  const debits = sql`${ledgerEntry.amount} < 0`;
  const counted = and(inArray(ledgerTransfer.kind, [...definition.kinds]), sideSign(book) > 0 ? credits : debits);
  const takenBack = definition.takenBack ? and(inArray(ledgerTransfer.kind, [...definition.takenBack]), sideSign(book) > 0 ? debits : credits) : undefined;
  return and(eq(ledgerAccount.kind, definition.account), eq(ledgerEntry.pending, false), takenBack ? or(counted, takenBack) : counted);
}

/**
 * A book of the ledger (docs/finance.md › Books): the posted entries of the users' cash or bean accounts made by
 * transfers of the book's kinds, on its side, newest first.
 */
export const bookRecordList = (db: Executor, book: LedgerBook) =>
  new RecordList<BookRow, BookRecord, BookFilter, 'sum_amount'>(db, {
    columns: bookColumns,
    from: (tx, fields) =>
      tx
        .select(fields)
        .from(ledgerEntry)
        .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
        .innerJoin(ledgerTransfer, eq(ledgerTransfer.id, ledgerEntry.transferId))
        .leftJoin(users, eq(users.id, ledgerAccount.ownerId))
        .leftJoin(staff, eq(staff.id, ledgerTransfer.staffId))
        .leftJoin(reversal, eq(reversal.reversesId, ledgerTransfer.id))
        .$dynamic(),
    where: (filter, zone) =>
      and(
        inBook(book),
        ...commonRecordConditions(filter, zone, {
          userId: ledgerAccount.ownerId,
          // A line's own number, or its transfer's (the opening import's lines share one transfer).
          number: [sql`${ledgerEntry.id}::text`, sql`${ledgerTransfer.id}::text`],
          at: ledgerEntry.createdAt,
          amount: sql`abs(${ledgerEntry.amount})`,
        }),
        filter.kind ? eq(ledgerTransfer.kind, filter.kind) : undefined,
      ),
    sums: { sum_amount: sql<number>`sum(${ledgerEntry.amount}) * ${sql.raw(String(sideSign(book)))}` },
    newest: { at: ledgerEntry.createdAt, tie: ledgerEntry.id },
    toRecord: toRecordOf(book),
    position: (r) => ({ at: new Date(r.created_at), tie: r.entry_id }),
  });

/** The user's entry of a transfer in the book, as the book lists it. */
export async function bookRecordOfTransfer(db: Executor, book: LedgerBook, transferId: number): Promise<BookRecord> {
  const row = await bookRecordList(db, book).one(and(inBook(book), eq(ledgerEntry.transferId, transferId))!);
  if (!row) throw new Error(`transfer ${transferId} has no entry in the book ${book}`);
  return toRecordOf(book)(row);
}

/** One entry of the book (another's is 40400), its transfer's reference and every entry of its transfer. */
export async function bookDetails(db: Executor, book: LedgerBook, entryId: number) {
  const row = await bookRecordList(db, book).one(and(inBook(book), eq(ledgerEntry.id, entryId))!);
  if (!row) throw AppError.notFound();
  const entries = await transferEntries(db, [row.transferId]);
  return { record: toRecordOf(book)(row), reference: row.reference, entries };
}

/** A book's file: amounts in yuan for cash books, in beans for bean books. */
export function bookWorkbook(book: LedgerBook): RecordWorkbook<BookRecord> {
  const { label, account } = LEDGER_BOOKS[book];
  const cash = account === 'user_cash';
  return {
    fileName: label,
    sheetName: label,
    columns: [
      { header: { 'zh-CN': '流水号', 'en-US': 'Entry no.' }, width: 12, value: (r) => r.entry_id },
      { header: { 'zh-CN': '转账号', 'en-US': 'Transfer no.' }, width: 12, value: (r) => r.transfer_id },
      { header: { 'zh-CN': '用户ID', 'en-US': 'User ID' }, width: 10, value: (r) => r.user_id },
      { header: { 'zh-CN': '用户', 'en-US': 'User' }, width: 12, value: (r) => r.user_name },
      { header: { 'zh-CN': '手机号', 'en-US': 'Mobile' }, width: 14, value: (r) => r.user_mobile },
      { header: { 'zh-CN': '类型', 'en-US': 'Kind' }, width: 10, value: (r, { locale }) => TRANSFER_KINDS[r.kind].label[locale] },
      cash
        ? { header: { 'zh-CN': '金额(元)', 'en-US': 'Amount (CNY)' }, width: 12, money: true, value: (r) => r.amount / 100 }
        : { header: { 'zh-CN': '金豆', 'en-US': 'Beans' }, width: 12, value: (r) => r.amount },
      cash
        ? { header: { 'zh-CN': '变动后余额(元)', 'en-US': 'Balance after (CNY)' }, width: 14, money: true, value: (r) => r.balance_after / 100 }
        : { header: { 'zh-CN': '变动后金豆', 'en-US': 'Beans after' }, width: 12, value: (r) => r.balance_after },
      { header: { 'zh-CN': '备注', 'en-US': 'Memo' }, width: 30, value: (r) => r.memo },
      { header: { 'zh-CN': '经办人', 'en-US': 'Staff' }, width: 12, value: (r) => r.staff_name },
      { header: { 'zh-CN': '已冲正', 'en-US': 'Reversed' }, width: 8, value: (r, { locale }) => (r.reversed ? (locale === 'zh-CN' ? '是' : 'Yes') : '') },
      { header: { 'zh-CN': '时间', 'en-US': 'Time' }, width: 20, value: (r, { zone }) => exportedTime(r.created_at, zone) },
    ],
  };
}

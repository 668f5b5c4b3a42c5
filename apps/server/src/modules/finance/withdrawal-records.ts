import type { WithdrawalFilter, WithdrawalRecord } from '@juqi/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import { staff, users } from '../../lib/db/schema';
import { AppError } from '../../lib/errors';
import { commonRecordConditions, RecordList } from './record-list';
import { FinanceRepository } from './repository';
import { financeWithdrawal, type WithdrawalRow } from './table';
import { toWithdrawal } from './withdrawals';

const recordColumns = {
  row: financeWithdrawal,
  userName: sql<string>`coalesce(${users.name}, '')`,
  userMobile: sql<string>`coalesce(${users.mobile}, '')`,
  reviewerName: sql<string>`coalesce(${staff.name}, '')`,
};
type RecordRow = { row: WithdrawalRow; userName: string; userMobile: string; reviewerName: string };
const toRecord = (r: RecordRow, whole = false): WithdrawalRecord => ({ ...toWithdrawal(r.row, whole), user_name: r.userName, user_mobile: r.userMobile, reviewer_name: r.reviewerName });

/** 代理提现记录: the withdrawals read for staff, accounts masked (docs/finance.md › Records). */
export const withdrawalRecordList = (db: Executor) =>
  new RecordList<RecordRow, WithdrawalRecord, WithdrawalFilter, 'sum_amount' | 'sum_paid'>(db, {
    columns: recordColumns,
    from: (tx, fields) =>
      tx.select(fields).from(financeWithdrawal).leftJoin(users, eq(users.id, financeWithdrawal.userId)).leftJoin(staff, eq(staff.id, financeWithdrawal.reviewerId)).$dynamic(),
    where: (filter, zone) =>
      and(
        ...commonRecordConditions(filter, zone, { userId: financeWithdrawal.userId, number: financeWithdrawal.withdrawNo, at: financeWithdrawal.createdAt, amount: financeWithdrawal.amount }),
        filter.state ? eq(financeWithdrawal.state, filter.state) : undefined,
        filter.payout_type === undefined ? undefined : eq(financeWithdrawal.payoutType, filter.payout_type),
      ),
    sums: { sum_amount: sql<number>`sum(${financeWithdrawal.amount})`, sum_paid: sql<number>`sum(${financeWithdrawal.amount}) filter (where ${financeWithdrawal.state} = 'paid')` },
    newest: { at: financeWithdrawal.createdAt, tie: financeWithdrawal.withdrawNo },
    toRecord: (row) => toRecord(row),
    position: (r) => ({ at: new Date(r.created_at), tie: r.withdraw_no }),
  });

/** One withdrawal, its account whole, and the entries of its hold and of what settled it. */
export async function withdrawalDetails(db: Executor, withdrawNo: string) {
  const row = await withdrawalRecordList(db).one(eq(financeWithdrawal.withdrawNo, withdrawNo));
  if (!row) throw AppError.notFound();
  const transferIds = [row.row.holdTransferId, row.row.settleTransferId].filter((id): id is number => id !== null);
  const entries = await new FinanceRepository(db).transferEntries(transferIds);
  return { withdrawal: toRecord(row, true), entries };
}

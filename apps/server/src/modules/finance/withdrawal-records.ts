import type { WithdrawalFilter, WithdrawalRecord } from '@juqi/contract';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { recordAudit } from '../../lib/audit/record';
import type { Executor } from '../../lib/db/client';
import { staff, users } from '../../lib/db/schema';
import { AppError } from '../../lib/errors';
import type { Actor } from './actor';
import { RecordList } from '../../lib/records/record-list';
import { commonRecordConditions } from './record-filters';
import { transferEntries } from '../../lib/ledger/ledger';
import { financeWithdrawal, type WithdrawalRow } from './table';
import { toWithdrawal } from './withdrawals';

const approver = alias(staff, 'approver');
const payer = alias(staff, 'payer');
const rejecter = alias(staff, 'rejecter');

const recordColumns = {
  row: financeWithdrawal,
  userName: sql<string>`coalesce(${users.name}, '')`,
  userMobile: sql<string>`coalesce(${users.mobile}, '')`,
  approverName: sql<string>`coalesce(${approver.name}, '')`,
  payerName: sql<string>`coalesce(${payer.name}, '')`,
  rejecterName: sql<string>`coalesce(${rejecter.name}, '')`,
};
type RecordRow = { row: WithdrawalRow; userName: string; userMobile: string; approverName: string; payerName: string; rejecterName: string };
const toRecord = (r: RecordRow, whole = false): WithdrawalRecord => ({
  ...toWithdrawal(r.row, whole),
  user_name: r.userName,
  user_mobile: r.userMobile,
  approver_id: r.row.approvedBy,
  approver_name: r.approverName,
  payer_name: r.payerName,
  rejecter_name: r.rejecterName,
});

/** 代理提现记录: the withdrawals read for staff, accounts masked (docs/finance.md › Records). */
export const withdrawalRecordList = (db: Executor) =>
  new RecordList<RecordRow, WithdrawalRecord, WithdrawalFilter, 'sum_amount' | 'sum_paid'>(db, {
    columns: recordColumns,
    from: (tx, fields) =>
      tx
        .select(fields)
        .from(financeWithdrawal)
        .leftJoin(users, eq(users.id, financeWithdrawal.userId))
        .leftJoin(approver, eq(approver.id, financeWithdrawal.approvedBy))
        .leftJoin(payer, eq(payer.id, financeWithdrawal.paidBy))
        .leftJoin(rejecter, eq(rejecter.id, financeWithdrawal.rejectedBy))
        .$dynamic(),
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

/**
 * One withdrawal, its account whole, and the entries of its hold and of what settled it. A whole payout account is
 * read by name: the read is written to the operation log.
 */
export async function withdrawalDetails(db: Executor, withdrawNo: string, by: Actor) {
  const row = await withdrawalRecordList(db).one(eq(financeWithdrawal.withdrawNo, withdrawNo));
  if (!row) throw AppError.notFound();
  const transferIds = [row.row.holdTransferId, row.row.settleTransferId].filter((id): id is number => id !== null);
  const entries = await transferEntries(db, transferIds);
  await recordAudit(db, { staffId: by.staffId, action: 'finance.withdraw.account_view', target: `finance.withdrawal:${row.row.withdrawNo}`, detail: { user_id: row.row.userId }, ip: by.ip });
  return { withdrawal: toRecord(row, true), entries };
}

import type { TopUpFilter, TopUpRecord, TransferEntry } from '@juqi/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import { users } from '../../lib/db/schema';
import { AppError } from '../../lib/errors';
import { RecordList } from '../../lib/records/record-list';
import { commonRecordConditions } from './record-filters';
import { transferEntries } from '../../lib/ledger/ledger';
import { financeTopUp } from './table';
import { toTopUpOrder } from './top-up';

const recordColumns = {
  order: financeTopUp,
  userName: sql<string>`coalesce(${users.name}, '')`,
  userMobile: sql<string>`coalesce(${users.mobile}, '')`,
};

type RecordRow = { order: typeof financeTopUp.$inferSelect; userName: string; userMobile: string };

const toRecord = (r: RecordRow): TopUpRecord => ({
  ...toTopUpOrder(r.order),
  user_name: r.userName,
  user_mobile: r.userMobile,
  mismatch: r.order.mismatch,
  notify_count: r.order.notifyCount,
});

/** 用户充值记录: the top-up orders read for staff (docs/finance.md › Records). */
export const topUpRecordList = (db: Executor) =>
  new RecordList<RecordRow, TopUpRecord, TopUpFilter, 'sum_amount' | 'sum_paid'>(db, {
    columns: recordColumns,
    from: (tx, fields) => tx.select(fields).from(financeTopUp).leftJoin(users, eq(users.id, financeTopUp.userId)).$dynamic(),
    where: (filter, zone) =>
      and(
        ...commonRecordConditions(filter, zone, { userId: financeTopUp.userId, number: financeTopUp.orderNo, at: financeTopUp.createdAt, amount: financeTopUp.amount }),
        filter.state ? eq(financeTopUp.state, filter.state) : undefined,
        filter.channel ? eq(financeTopUp.channel, filter.channel) : undefined,
      ),
    sums: { sum_amount: sql<number>`sum(${financeTopUp.amount})`, sum_paid: sql<number>`sum(${financeTopUp.amount}) filter (where ${financeTopUp.state} = 'paid')` },
    newest: { at: financeTopUp.createdAt, tie: financeTopUp.orderNo },
    toRecord,
    position: (r) => ({ at: new Date(r.created_at), tie: r.order_no }),
  });

/** One order and the entries of the transfer that credited it. */
export async function topUpDetails(db: Executor, orderNo: string): Promise<{ order: TopUpRecord; entries: TransferEntry[] }> {
  const row = await topUpRecordList(db).one(eq(financeTopUp.orderNo, orderNo));
  if (!row) throw AppError.notFound();
  const entries = await transferEntries(db, row.order.transferId ? [row.order.transferId] : []);
  return { order: toRecord(row), entries };
}

import type { TopUpFilter, TopUpRecord, TransferEntry } from '@juqi/contract';
import { and, count, desc, eq, gte, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import { escapeLike } from '../../lib/db/like';
import { users } from '../../lib/db/schema';
import { AppError } from '../../lib/errors';
import { dayRangeConditions } from '../../lib/time-zone';
import { FinanceRepository } from './repository';
import { financeTopUp } from './table';
import { toTopUpOrder } from './top-up';

/** Where the next export batch starts: after this order in the newest-first order. */
export interface TopUpPosition {
  createdAt: Date;
  orderNo: string;
}

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
export class TopUpRecords {
  private readonly ledger: FinanceRepository;

  constructor(private readonly db: Executor) {
    this.ledger = new FinanceRepository(db);
  }

  private where(filter: TopUpFilter, zone: string): SQL | undefined {
    const keyword = filter.keyword ? `${escapeLike(filter.keyword)}%` : undefined;
    return and(
      filter.user_id === undefined ? undefined : eq(financeTopUp.userId, filter.user_id),
      keyword ? or(like(users.name, keyword), like(users.mobile, keyword), eq(financeTopUp.orderNo, filter.keyword!)) : undefined,
      filter.state ? eq(financeTopUp.state, filter.state) : undefined,
      filter.channel ? eq(financeTopUp.channel, filter.channel) : undefined,
      ...(filter.time ? dayRangeConditions(financeTopUp.createdAt, filter.time, zone) : []),
      filter.amount_min === undefined ? undefined : gte(financeTopUp.amount, filter.amount_min),
      filter.amount_max === undefined ? undefined : lte(financeTopUp.amount, filter.amount_max),
    );
  }

  /** A page, newest first, with the whole filtered set's count and sums. */
  async page(filter: TopUpFilter, zone: string, page: number, limit: number) {
    const where = this.where(filter, zone);
    const [totals] = await this.db
      .select({
        count: count(),
        sumAmount: sql<number>`coalesce(sum(${financeTopUp.amount}), 0)::float8`,
        sumPaid: sql<number>`coalesce(sum(${financeTopUp.amount}) filter (where ${financeTopUp.state} = 'paid'), 0)::float8`,
      })
      .from(financeTopUp)
      .leftJoin(users, eq(users.id, financeTopUp.userId))
      .where(where);
    const rows = await this.db
      .select(recordColumns)
      .from(financeTopUp)
      .leftJoin(users, eq(users.id, financeTopUp.userId))
      .where(where)
      .orderBy(desc(financeTopUp.createdAt), desc(financeTopUp.orderNo))
      .limit(limit)
      .offset((page - 1) * limit);
    return { count: totals?.count ?? 0, sum_amount: totals?.sumAmount ?? 0, sum_paid: totals?.sumPaid ?? 0, data: rows.map(toRecord) };
  }

  async count(filter: TopUpFilter, zone: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(financeTopUp).leftJoin(users, eq(users.id, financeTopUp.userId)).where(this.where(filter, zone));
    return row?.n ?? 0;
  }

  /** A batch of the export, newest first, after `after`. */
  async batch(filter: TopUpFilter, zone: string, after: TopUpPosition | undefined, size: number): Promise<TopUpRecord[]> {
    const rows = await this.db
      .select(recordColumns)
      .from(financeTopUp)
      .leftJoin(users, eq(users.id, financeTopUp.userId))
      .where(
        and(
          this.where(filter, zone),
          after ? or(lt(financeTopUp.createdAt, after.createdAt), and(eq(financeTopUp.createdAt, after.createdAt), lt(financeTopUp.orderNo, after.orderNo))) : undefined,
        ),
      )
      .orderBy(desc(financeTopUp.createdAt), desc(financeTopUp.orderNo))
      .limit(size);
    return rows.map(toRecord);
  }

  /** One order and the entries of the transfer that credited it. */
  async details(orderNo: string): Promise<{ order: TopUpRecord; entries: TransferEntry[] }> {
    const [row] = await this.db.select(recordColumns).from(financeTopUp).leftJoin(users, eq(users.id, financeTopUp.userId)).where(eq(financeTopUp.orderNo, orderNo));
    if (!row) throw AppError.notFound();
    const entries = await this.ledger.transferEntries(row.order.transferId ? [row.order.transferId] : []);
    return { order: toRecord(row), entries };
  }
}

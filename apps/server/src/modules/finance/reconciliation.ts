import {
  dayInZone,
  RECONCILIATION_MISMATCH_LIMIT,
  reconciliationCalls,
  type CallData,
  type DayRange,
  type MismatchKind,
  type ReconciliationArea,
  type ReconciliationComparison,
  type ReconciliationDay,
} from '@juqi/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../lib/db/client';
import { route } from '../../lib/http/route';
import { lazyService } from '../../lib/http/types';
import { dayRangeInstants } from '../../lib/time-zone';
import { ledgerAccount, ledgerEntry, ledgerTransfer } from '../../lib/ledger/table';
import { financeTopUp, financeWithdrawal } from './table';

type Reconciliation = CallData<typeof reconciliationCalls.reconciliation>;

interface Day {
  day: string;
  /** The day's first instant in the zone, and the next day's. */
  from: Date;
  to: Date;
}

const DAY_MS = 86_400_000;

/** Every day of the range with its bounds in the zone (a day lasts 23 or 25 hours where clocks change). */
function daysOf([first, last]: DayRange, zone: string): Day[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  const count = (Date.parse(`${last}T00:00:00Z`) - start) / DAY_MS + 1;
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(start + i * DAY_MS).toISOString().slice(0, 10);
    const [from, to] = dayRangeInstants([day, day], zone);
    return { day, from, to };
  });
}

/** A transfer `t`'s user-cash side as a positive amount: its credits (a top-up) or its debits (a withdrawal's settlement). */
const userCash = (side: 'credits' | 'debits') => sql`(
  select coalesce(sum(abs(e.amount)), 0) from ${ledgerEntry} e join ${ledgerAccount} a on a.id = e.account_id
  where e.transfer_id = t.id and a.kind = 'user_cash' and e.amount ${sql.raw(side === 'credits' ? '>' : '<')} 0)`;

/** `at` falls on the day `alias` (a row carrying its day's `from_at` and `to_at`) or not. */
const onDay = (at: string, alias: string) => sql.raw(`${at} >= ${alias}.from_at and ${at} < ${alias}.to_at`);
const offDay = (at: string, alias: string) => sql.raw(`(${at} < ${alias}.from_at or ${at} >= ${alias}.to_at)`);

/** A day's bound as a parameter of the days' VALUES list, which no column types. */
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/**
 * Both sides of both flows in the range, each row on its day (`d`: the days and their bounds), and the records where
 * they disagree (`mismatch`). An order is linked to its posting by the posting's key (`topup:<order no>`) one way and
 * by the order the posting names the other; a withdrawal and its settlement by its hold both ways, which every kind
 * of withdrawal has (those imported with the opening balances name no withdrawal number in their transfers).
 */
function reconciliationTables(days: Day[]): SQL {
  const values = sql.join(
    days.map((d) => sql`(${d.day}::text, ${instant(d.from)}, ${instant(d.to)})`),
    sql`, `,
  );
  const [from, to] = [instant(days[0]!.from), instant(days.at(-1)!.to)];
  return sql`with d (day, from_at, to_at) as (values ${values}),
  paid as (
    select o.order_no, o.amount, o.paid_at as at, d.* from ${financeTopUp} o join d on ${onDay('o.paid_at', 'd')}
    where o.state = 'paid' and o.paid_at >= ${from} and o.paid_at < ${to}),
  credited as (
    select t.id, t.created_at as at, t.reference->>'order_no' as order_no, ${userCash('credits')} as amount, d.*
    from ${ledgerTransfer} t join d on ${onDay('t.created_at', 'd')}
    where t.kind = 'top_up'),
  paid_out as (
    select w.withdraw_no, w.amount, w.hold_transfer_id, w.paid_at as at, d.* from ${financeWithdrawal} w join d on ${onDay('w.paid_at', 'd')}
    where w.state = 'paid' and w.paid_at >= ${from} and w.paid_at < ${to}),
  settled as (
    select t.id, t.pending_id, t.created_at as at, t.reference->>'withdraw_no' as withdraw_no, ${userCash('debits')} as amount, d.*
    from ${ledgerTransfer} t join d on ${onDay('t.created_at', 'd')}
    where t.kind = 'withdrawal' and t.state = 'posted' and t.pending_id is not null),
  mismatch (kind, area, record_no, transfer_id, day, at, other_at, amount, ledger_amount, note) as (
    select case when t.id is null then 'top_up_not_credited' else 'top_up_other_day' end, 'top_up', p.order_no, t.id, p.day, p.at,
      t.created_at, p.amount::numeric, t.amount, ''
    from paid p left join lateral (
      select t.id, t.created_at, ${userCash('credits')} as amount from ${ledgerTransfer} t where t.idempotency_key = 'topup:' || p.order_no and t.kind = 'top_up'
    ) t on true
    where t.id is null or ${offDay('t.created_at', 'p')}
    union all
    select case when o.id is null or o.state <> 'paid' or o.paid_at is null then 'transfer_order_not_paid'
        when o.amount <> c.amount then 'transfer_amount_differs' else 'top_up_other_day' end,
      'top_up', coalesce(o.order_no, c.order_no, ''), c.id, c.day, c.at, case when ${offDay('o.paid_at', 'c')} then o.paid_at end, o.amount, c.amount, ''
    from credited c left join ${financeTopUp} o on o.order_no = c.order_no
    where o.id is null or o.state <> 'paid' or o.paid_at is null or o.amount <> c.amount or ${offDay('o.paid_at', 'c')}
    union all
    select 'notification_mismatch', 'top_up', o.order_no, o.transfer_id, d.day, coalesce(o.last_notified_at, o.created_at), null, o.amount, null, o.mismatch
    from ${financeTopUp} o join d on ${onDay('coalesce(o.last_notified_at, o.created_at)', 'd')}
    where o.mismatch <> ''
    union all
    select case when t.id is null then 'payout_not_settled' else 'payout_other_day' end, 'payout', p.withdraw_no, t.id, p.day, p.at,
      t.created_at, p.amount, t.amount, ''
    from paid_out p left join lateral (
      select t.id, t.created_at, ${userCash('debits')} as amount from ${ledgerTransfer} t where t.pending_id = p.hold_transfer_id and t.state = 'posted'
    ) t on true
    where t.id is null or ${offDay('t.created_at', 'p')}
    union all
    select case when w.id is null or w.state <> 'paid' or w.paid_at is null then 'settlement_not_paid'
        when w.amount <> s.amount then 'settlement_amount_differs' else 'payout_other_day' end,
      'payout', coalesce(w.withdraw_no, s.withdraw_no, ''), s.id, s.day, s.at, case when ${offDay('w.paid_at', 's')} then w.paid_at end, w.amount, s.amount, ''
    from settled s left join ${financeWithdrawal} w on w.hold_transfer_id = s.pending_id
    where w.id is null or w.state <> 'paid' or w.paid_at is null or w.amount <> s.amount or ${offDay('w.paid_at', 's')}
  )`;
}

interface DayRow {
  day: string;
  receipts: number;
  receipts_sum: number;
  credits: number;
  credits_sum: number;
  payouts: number;
  payouts_sum: number;
  settlements: number;
  settlements_sum: number;
  mismatches: number;
}

interface MismatchRow {
  kind: MismatchKind;
  area: ReconciliationArea;
  record_no: string;
  transfer_id: number | null;
  day: string;
  other_at: Date | string | null;
  amount: number | null;
  ledger_amount: number | null;
  note: string;
  total: number;
}

/** A flow's rows (a table of `reconciliationTables`) counted and summed per day, joined to the days as `<table>_day`. */
const perDay = (table: string, count: string, sum: string) =>
  sql.raw(`left join (select day, count(*)::int as ${count}, sum(amount)::float8 as ${sum} from ${table} group by day) ${table}_day on ${table}_day.day = d.day`);

const comparison = (providerCount: number, providerSum: number, ledgerCount: number, ledgerSum: number): ReconciliationComparison => ({
  provider: { count: providerCount, sum: providerSum },
  ledger: { count: ledgerCount, sum: ledgerSum },
  difference: providerSum - ledgerSum,
});

const agrees = (c: ReconciliationComparison) => c.provider.count === c.ledger.count && c.difference === 0;

const total = (days: ReconciliationDay[], flow: 'top_up' | 'payout'): ReconciliationComparison => {
  const sum = (pick: (c: ReconciliationComparison) => number) => days.reduce((n, d) => n + pick(d[flow]), 0);
  return comparison(sum((c) => c.provider.count), sum((c) => c.provider.sum), sum((c) => c.ledger.count), sum((c) => c.ledger.sum));
};

/**
 * 每日对账 (docs/finance.md › Reconciliation) over `range`, days in `zone`. Read in one repeatable-read snapshot, so the
 * days' sums and the mismatches listed are of the same moment.
 */
export async function reconcile(db: Executor, range: DayRange, zone: string): Promise<Reconciliation> {
  const days = daysOf(range, zone);
  const tables = reconciliationTables(days);
  const { dayRows, mismatchRows } = await db.transaction(
    async (tx) => {
      const run = <T>(query: SQL) => (tx.execute(query) as unknown as Promise<{ rows: T[] }>).then((r) => r.rows);
      return {
        dayRows: await run<DayRow>(sql`${tables}
          select d.day, coalesce(receipts, 0) as receipts, coalesce(receipts_sum, 0) as receipts_sum,
            coalesce(credits, 0) as credits, coalesce(credits_sum, 0) as credits_sum,
            coalesce(payouts, 0) as payouts, coalesce(payouts_sum, 0) as payouts_sum,
            coalesce(settlements, 0) as settlements, coalesce(settlements_sum, 0) as settlements_sum,
            coalesce(listed.n, 0) as mismatches
          from d
          ${perDay('paid', 'receipts', 'receipts_sum')}
          ${perDay('credited', 'credits', 'credits_sum')}
          ${perDay('paid_out', 'payouts', 'payouts_sum')}
          ${perDay('settled', 'settlements', 'settlements_sum')}
          left join (select day, count(*)::int as n from mismatch group by day) listed on listed.day = d.day
          order by d.day desc`),
        mismatchRows: await run<MismatchRow>(sql`${tables}
          select kind, area, record_no, transfer_id::float8 as transfer_id, day, other_at, amount::float8 as amount,
            ledger_amount::float8 as ledger_amount, note, (count(*) over ())::int as total
          from mismatch order by day desc, at desc, record_no, transfer_id
          limit ${RECONCILIATION_MISMATCH_LIMIT}`),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const reconciled = dayRows.map((r): ReconciliationDay => {
    const top_up = comparison(r.receipts, r.receipts_sum, r.credits, r.credits_sum);
    const payout = comparison(r.payouts, r.payouts_sum, r.settlements, r.settlements_sum);
    return { day: r.day, top_up, payout, mismatches: r.mismatches, balanced: agrees(top_up) && agrees(payout) && r.mismatches === 0 };
  });
  return {
    days: reconciled,
    totals: { top_up: total(reconciled, 'top_up'), payout: total(reconciled, 'payout') },
    mismatches: mismatchRows.map(({ total: _total, other_at, ...m }) => ({ ...m, other_day: other_at === null ? null : dayInZone(zone, new Date(other_at).getTime()) })),
    mismatch_count: mismatchRows[0]?.total ?? 0,
  };
}

/** POST /api/finance/reconciliation under `finance.ledger.view`. */
export function reconciliationRoutes(app: FastifyInstance): void {
  const timeZone = lazyService(app.access, 'timeZone', 'settings');
  route(app, reconciliationCalls.reconciliation, async ({ body }) => reconcile(app.database.db, body.days, await timeZone.current()));
}

import {
  adjustmentCalls,
  yuanText,
  type Adjustment,
  type AdjustmentFilter,
  type AdjustmentSum,
  type AdjustmentSettings,
  type ParsedBody,
  type TransferEntry,
} from '@juqi/contract';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../lib/audit/record';
import type { Clock } from '../../lib/clock';
import type { Executor } from '../../lib/db/client';
import { staff, users } from '../../lib/db/schema';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/http/route';
import { lazyService } from '../../lib/http/types';
import { onceUnderKey, requestFingerprint } from '../../lib/idempotency';
import { availableBalance, findAccount, type AccountRef, type Ledger } from '../../lib/ledger/ledger';
import { SettingsStore } from '../../lib/settings/store';
import { financeAdjustment, type AdjustmentRow } from './adjustments-table';
import { commonRecordConditions, RecordList } from './record-list';
import { recordNumber } from './record-number';
import { FinanceRepository } from './repository';

type ApplyBody = ParsedBody<typeof adjustmentCalls.adjustmentApply>;

/** Who acts, for the decision and the audit log. */
interface Actor {
  staffId: number;
  ip: string;
}

const SETTINGS = 'finance_adjustment';

const applicant = alias(staff, 'applicant');
const approver = alias(staff, 'approver');

const recordColumns = {
  row: financeAdjustment,
  userName: sql<string>`coalesce(${users.name}, '')`,
  userMobile: sql<string>`coalesce(${users.mobile}, '')`,
  applicantName: sql<string>`coalesce(${applicant.name}, '')`,
  approverName: sql<string>`coalesce(${approver.name}, '')`,
};
type RecordRow = { row: AdjustmentRow; userName: string; userMobile: string; applicantName: string; approverName: string };

const toAdjustment = ({ row: r, ...names }: RecordRow): Adjustment => ({
  adjustment_no: r.adjustmentNo,
  user_id: r.userId,
  user_name: names.userName,
  user_mobile: names.userMobile,
  currency: r.currency,
  direction: r.direction,
  amount: r.amount,
  reason: r.reason,
  state: r.state,
  applicant_id: r.applicantId,
  applicant_name: names.applicantName,
  approver_id: r.approverId,
  approver_name: names.approverName,
  reject_reason: r.rejectReason,
  transfer_id: r.transferId,
  created_at: r.createdAt.toISOString(),
  decided_at: r.decidedAt?.toISOString() ?? null,
});

/** The sum of the amounts of one currency posted one way, or of those pending. */
const sumOf = (currency: AdjustmentRow['currency'], which: 'credit' | 'debit' | 'pending') =>
  sql<number>`sum(${financeAdjustment.amount}) filter (where ${financeAdjustment.currency} = ${currency} and ${
    which === 'pending' ? sql`${financeAdjustment.state} = 'pending'` : sql`${financeAdjustment.state} = 'posted' and ${financeAdjustment.direction} = ${which}`
  })`;

const SUMS: Record<AdjustmentSum, ReturnType<typeof sumOf>> = {
  sum_credit_cny: sumOf('CNY', 'credit'),
  sum_debit_cny: sumOf('CNY', 'debit'),
  sum_pending_cny: sumOf('CNY', 'pending'),
  sum_credit_bean: sumOf('BEAN', 'credit'),
  sum_debit_bean: sumOf('BEAN', 'debit'),
  sum_pending_bean: sumOf('BEAN', 'pending'),
};

/** 调账记录: the adjustments read for staff, with who applied and who decided. */
const adjustmentRecordList = (db: Executor) =>
  new RecordList<RecordRow, Adjustment, AdjustmentFilter, AdjustmentSum>(db, {
    columns: recordColumns,
    from: (tx, fields) =>
      tx
        .select(fields)
        .from(financeAdjustment)
        .leftJoin(users, eq(users.id, financeAdjustment.userId))
        .leftJoin(applicant, eq(applicant.id, financeAdjustment.applicantId))
        .leftJoin(approver, eq(approver.id, financeAdjustment.approverId))
        .$dynamic(),
    where: (filter, zone) =>
      and(
        ...commonRecordConditions(filter, zone, { userId: financeAdjustment.userId, number: financeAdjustment.adjustmentNo, at: financeAdjustment.createdAt, amount: financeAdjustment.amount }),
        filter.state ? eq(financeAdjustment.state, filter.state) : undefined,
        filter.currency ? eq(financeAdjustment.currency, filter.currency) : undefined,
        filter.direction ? eq(financeAdjustment.direction, filter.direction) : undefined,
      ),
    sums: SUMS,
    newest: { at: financeAdjustment.createdAt, tie: financeAdjustment.adjustmentNo },
    toRecord: toAdjustment,
    position: (r) => ({ at: new Date(r.created_at), tie: r.adjustment_no }),
  });

/** The user's account and the platform's adjustment account of the currency. */
const accountsOf = (r: Pick<AdjustmentRow, 'currency' | 'userId'>): { user: AccountRef; platform: AccountRef } =>
  r.currency === 'CNY'
    ? { user: { kind: 'user_cash', ownerId: r.userId }, platform: { kind: 'adjustments' } }
    : { user: { kind: 'user_beans', ownerId: r.userId }, platform: { kind: 'bean_adjustments' } };

/** An amount as staff read it: yuan, or beans. */
const amountText = (currency: AdjustmentRow['currency'], amount: number) =>
  currency === 'CNY' ? { 'zh-CN': yuanText(amount), 'en-US': yuanText(amount) } : { 'zh-CN': `${amount} 金豆`, 'en-US': `${amount} beans` };

const thresholdOf = (t: AdjustmentSettings, currency: AdjustmentRow['currency']) => (currency === 'CNY' ? t.approval_threshold : t.bean_approval_threshold);

const STATE_NAME = { pending: { 'zh-CN': '待审批', 'en-US': 'pending' }, posted: { 'zh-CN': '已入账', 'en-US': 'posted' }, rejected: { 'zh-CN': '已驳回', 'en-US': 'rejected' } } as const;

/**
 * Manual adjustments (docs/finance.md › Adjustments): an adjustment at or below its currency's approval threshold
 * posts at once; above it, it waits for a staff other than the applicant to approve (posted, in the same transaction)
 * or reject it. Each decision locks the adjustment's row, so staff deciding at once decide once.
 */
export class AdjustmentService {
  private readonly records: RecordList<RecordRow, Adjustment, AdjustmentFilter, AdjustmentSum>;

  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly settings: SettingsStore,
  ) {
    this.records = adjustmentRecordList(db);
  }

  async apply(by: Actor, body: ApplyBody): Promise<Adjustment> {
    const fingerprint = requestFingerprint([body.user_id, body.currency, body.direction, body.amount, body.reason]);
    const byKey = async (tx: Executor) =>
      (await tx.select().from(financeAdjustment).where(and(eq(financeAdjustment.applicantId, by.staffId), eq(financeAdjustment.idempotencyKey, body.idempotency_key))))[0];
    const row = await onceUnderKey(this.db, fingerprint, byKey, async (tx) => {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, body.user_id));
      if (!user) throw AppError.invalid('user_id', 'no such user');
      const waits = body.amount > thresholdOf(await this.settings.get(SETTINGS, tx), body.currency);
      if (waits && body.direction === 'debit') await this.assertAvailable({ userId: body.user_id, currency: body.currency, amount: body.amount }, tx);
      const now = this.clock.now();
      // The row first: its unique key makes a concurrent request under the same key wait here for this one.
      const [inserted] = await tx
        .insert(financeAdjustment)
        .values({
          adjustmentNo: recordNumber('AJ', now),
          userId: body.user_id,
          currency: body.currency,
          direction: body.direction,
          amount: body.amount,
          reason: body.reason,
          applicantId: by.staffId,
          idempotencyKey: body.idempotency_key,
          fingerprint,
          createdAt: now,
        })
        .returning();
      const result = waits ? inserted! : await this.post(inserted!, by.staffId, tx);
      await this.audit(tx, by, 'finance.adjust.apply', result, {
        user_id: result.userId,
        currency: result.currency,
        direction: result.direction,
        amount: result.amount,
        reason: result.reason,
        state: result.state,
      });
      return result;
    });
    return toAdjustment(await this.record(row.adjustmentNo));
  }

  /** 通过: the pending adjustment is posted, by a staff other than its applicant. */
  approve(adjustmentNo: string, by: Actor): Promise<Adjustment> {
    return this.decide(adjustmentNo, by, async (row, tx) => {
      const posted = await this.post(row, by.staffId, tx, { approverId: by.staffId, decidedAt: this.clock.now() });
      await this.audit(tx, by, 'finance.adjust.approve', posted, { transfer_id: posted.transferId });
    });
  }

  /** 驳回: the pending adjustment is rejected with the reason and moves nothing. */
  reject(adjustmentNo: string, reason: string, by: Actor): Promise<Adjustment> {
    return this.decide(adjustmentNo, by, async (row, tx) => {
      const [rejected] = await tx
        .update(financeAdjustment)
        .set({ state: 'rejected', rejectReason: reason, approverId: by.staffId, decidedAt: this.clock.now() })
        .where(eq(financeAdjustment.id, row.id))
        .returning();
      await this.audit(tx, by, 'finance.adjust.reject', rejected!, { reason });
    });
  }

  page(filter: AdjustmentFilter, zone: string, page: number, limit: number) {
    return this.records.page(filter, zone, page, limit);
  }

  /** One adjustment and the entries of the transfer that moved it. */
  async details(adjustmentNo: string): Promise<{ adjustment: Adjustment; entries: TransferEntry[] }> {
    const row = await this.record(adjustmentNo);
    const entries = await new FinanceRepository(this.db).transferEntries(row.row.transferId ? [row.row.transferId] : []);
    return { adjustment: toAdjustment(row), entries };
  }

  /** 调账审批金额: changed and audited with before and after. */
  editSettings(by: Actor, next: AdjustmentSettings): Promise<AdjustmentSettings> {
    return this.db.transaction(async (tx) => {
      const before = await this.settings.get(SETTINGS, tx);
      const after = await this.settings.set(SETTINGS, next, tx);
      await recordAudit(tx, { staffId: by.staffId, action: 'finance.adjust.settings', target: `settings:${SETTINGS}`, detail: { before, after }, ip: by.ip });
      return after;
    });
  }

  /** The adjustment with its user's and staff's names, as the list shows it. */
  private async record(adjustmentNo: string): Promise<RecordRow> {
    const row = await this.records.one(eq(financeAdjustment.adjustmentNo, adjustmentNo));
    if (!row) throw AppError.notFound();
    return row;
  }

  /**
   * Posts the adjustment's transfer and marks it posted, in the caller's transaction. A debit beyond the user's
   * available balance is the ledger's 40900 naming amount, and the transaction rolls back.
   */
  private async post(row: AdjustmentRow, staffId: number, tx: Executor, decided: Partial<AdjustmentRow> = {}): Promise<AdjustmentRow> {
    const { user, platform } = accountsOf(row);
    const credit = row.direction === 'credit';
    const transfer = await this.ledger.post(
      {
        kind: 'adjustment',
        legs: [{ debit: credit ? platform : user, credit: credit ? user : platform, amount: row.amount }],
        idempotencyKey: `adjust:${row.adjustmentNo}`,
        memo: `调账 ${row.adjustmentNo}：${row.reason}`,
        reference: { adjustment_no: row.adjustmentNo },
        staffId,
        userId: row.userId,
      },
      tx,
    );
    const [posted] = await tx
      .update(financeAdjustment)
      .set({ ...decided, state: 'posted', transferId: transfer.id })
      .where(eq(financeAdjustment.id, row.id))
      .returning();
    return posted!;
  }

  /**
   * A debit that waits for approval is refused now when the user could not pay it now; the ledger checks again when it
   * is approved, as the balance may have moved.
   */
  private async assertAvailable(row: Pick<AdjustmentRow, 'userId' | 'currency' | 'amount'>, tx: Executor): Promise<void> {
    const account = await findAccount(tx, accountsOf(row).user);
    const available = account ? availableBalance(account) : 0;
    if (available >= row.amount) return;
    const [have, want] = [amountText(row.currency, available), amountText(row.currency, row.amount)];
    throw AppError.conflict(
      { 'zh-CN': `用户可用余额 ${have['zh-CN']}，不足调减 ${want['zh-CN']}`, 'en-US': `The user has ${have['en-US']} available, less than the debit of ${want['en-US']}` },
      'amount',
    );
  }

  /** Locks the adjustment, checks who decides and that it still waits, makes the decision; answers it as it is now. */
  private async decide(adjustmentNo: string, by: Actor, change: (row: AdjustmentRow, tx: Executor) => Promise<void>): Promise<Adjustment> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(financeAdjustment).where(eq(financeAdjustment.adjustmentNo, adjustmentNo)).for('update');
      if (!row) throw AppError.notFound();
      if (row.applicantId === by.staffId)
        throw AppError.forbidden({ 'zh-CN': '调账须由申请人以外的员工审批', 'en-US': 'An adjustment is decided by a staff member other than its applicant' });
      if (row.state !== 'pending') {
        const name = STATE_NAME[row.state];
        throw new AppError(40900, { 'zh-CN': `该调账${name['zh-CN']}，不能再审批`, 'en-US': `This adjustment is ${name['en-US']} already` }, null);
      }
      await change(row, tx);
    });
    return toAdjustment(await this.record(adjustmentNo));
  }

  private audit(tx: Executor, by: Actor, action: string, row: AdjustmentRow, detail: Record<string, unknown>): Promise<void> {
    return recordAudit(tx, { staffId: by.staffId, action, target: `finance.adjustment:${row.adjustmentNo}`, detail, ip: by.ip });
  }
}

/** The staff making a call, and from where. */
const actor = (ctx: { principal: { staffId: number } | null; request: { ip: string } }): Actor => ({ staffId: ctx.principal!.staffId, ip: ctx.request.ip });

/** The adjustment calls (docs/finance.md › Adjustments), posting through the module's ledger. */
export function adjustmentRoutes(app: FastifyInstance, ledger: Ledger): void {
  const store = new SettingsStore(app.database.db);
  const adjustments = new AdjustmentService(app.database.db, app.clock, ledger, store);
  const timeZone = lazyService(app.access, 'timeZone', 'settings');

  route(app, adjustmentCalls.adjustmentApply, (ctx) => adjustments.apply(actor(ctx), ctx.body));
  route(app, adjustmentCalls.adjustmentApprove, (ctx) => adjustments.approve(ctx.body.adjustment_no, actor(ctx)));
  route(app, adjustmentCalls.adjustmentReject, (ctx) => adjustments.reject(ctx.body.adjustment_no, ctx.body.reason, actor(ctx)));
  route(app, adjustmentCalls.adjustmentList, async ({ body: { page, limit, ...filter } }) => adjustments.page(filter, await timeZone.current(), page, limit));
  route(app, adjustmentCalls.adjustmentDetails, ({ body }) => adjustments.details(body.adjustment_no));
  route(app, adjustmentCalls.adjustmentSettingsDetails, () => store.get(SETTINGS));
  route(app, adjustmentCalls.adjustmentSettingsEdit, (ctx) => adjustments.editSettings(actor(ctx), ctx.body));
}

import { randomUUID } from 'node:crypto';
import {
  adjustmentCalls,
  dayInZone,
  yuanText,
  type Adjustment,
  type AdjustmentFilter,
  type AdjustmentSum,
  type AdjustmentSettings,
  type AdjustmentSettingsProposal,
  type AdjustmentSettingsState,
  type ParsedBody,
  type TransferEntry,
} from '@juqi/contract';
import { and, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../lib/audit/record';
import type { Clock } from '../../lib/clock';
import { lockFor } from '../../lib/db/advisory-lock';
import type { Executor } from '../../lib/db/client';
import { staff, users } from '../../lib/db/schema';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/http/route';
import { lazyService } from '../../lib/http/types';
import { onceUnderKey, requestFingerprint } from '../../lib/idempotency';
import { availableBalance, findAccount, transferEntries, type AccountRef, type Ledger } from '../../lib/ledger/ledger';
import { accountsOf, personOf, samePerson } from '../../lib/people';
import { SettingsStore } from '../../lib/settings/store';
import { dayRangeInstants } from '../../lib/time-zone';
import { actorOf, type Actor } from './actor';
import { financeAdjustment, type AdjustmentRow } from './adjustments-table';
import { RecordList } from '../../lib/records/record-list';
import { commonRecordConditions } from './record-filters';
import type { FinanceReviews } from './reviews';
import { recordNumber } from '../../lib/record-number';

type ApplyBody = ParsedBody<typeof adjustmentCalls.adjustmentApply>;

const SETTINGS = 'finance_adjustment';
const PROPOSAL = 'finance_adjustment_proposal';
/** Held while the settings or their proposal change, so a decision and a new proposal never cross. */
const SETTINGS_LOCK = 'finance:adjustment_settings';

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
const accountsOfAdjustment = (r: Pick<AdjustmentRow, 'currency' | 'userId'>): { user: AccountRef; platform: AccountRef } =>
  r.currency === 'CNY'
    ? { user: { kind: 'user_cash', ownerId: r.userId }, platform: { kind: 'adjustments' } }
    : { user: { kind: 'user_beans', ownerId: r.userId }, platform: { kind: 'bean_adjustments' } };

/** An amount as staff read it: yuan, or beans. */
export const amountText = (currency: AdjustmentRow['currency'], amount: number) =>
  currency === 'CNY' ? { 'zh-CN': yuanText(amount), 'en-US': yuanText(amount) } : { 'zh-CN': `${amount} 金豆`, 'en-US': `${amount} beans` };

/** The settings of one currency: its threshold, and its daily limits per person applying and per user adjusted. */
const limitsOf = (t: AdjustmentSettings, currency: AdjustmentRow['currency']) =>
  currency === 'CNY'
    ? { threshold: t.approval_threshold, perPerson: t.daily_staff_limit, perUser: t.daily_user_limit }
    : { threshold: t.bean_approval_threshold, perPerson: t.bean_daily_staff_limit, perUser: t.bean_daily_user_limit };

/** The instants of the zone's day holding `now`, as the daily limits count them. */
const todayIn = (zone: string, now: Date): [Date, Date] => {
  const day = dayInZone(zone, now.getTime());
  return dayRangeInstants([day, day], zone);
};

/** A raise waiting for a second person, as the settings store keeps it (its proposer by id). */
type StoredProposal = Omit<AdjustmentSettingsProposal, 'proposer_name'>;

const raises = (from: AdjustmentSettings, to: AdjustmentSettings) => (Object.keys(from) as (keyof AdjustmentSettings)[]).some((key) => to[key] > from[key]);

const NOT_BY_APPLICANT = { 'zh-CN': '调账须由申请人以外的人员审批', 'en-US': 'An adjustment is decided by a person other than its applicant' } as const;
const NOT_BY_PROPOSER = { 'zh-CN': '调高调账审批设置须由提议人以外的人员批准', 'en-US': 'A raise of the adjustment settings is approved by a person other than its proposer' } as const;
const PROPOSAL_GONE = { 'zh-CN': '该调整提议已处理或已被新的提议取代，请刷新', 'en-US': 'That proposal was decided or replaced; refresh' } as const;

const STATE_NAME = { pending: { 'zh-CN': '待审批', 'en-US': 'pending' }, posted: { 'zh-CN': '已入账', 'en-US': 'posted' }, rejected: { 'zh-CN': '已驳回', 'en-US': 'rejected' } } as const;

/**
 * Manual adjustments (docs/finance.md › Adjustments): an adjustment at or below its currency's approval threshold
 * posts at once, as long as what its applicant (the person, over all their accounts) and its user were adjusted at
 * once today stays within the daily limits; otherwise it waits for a person other than the applicant to approve
 * (posted, in the same transaction) or reject it. Applications lock their person and their user, so concurrent ones
 * count each other; each decision locks the adjustment's row, so staff deciding at once decide once.
 */
export class AdjustmentService {
  private readonly records: RecordList<RecordRow, Adjustment, AdjustmentFilter, AdjustmentSum>;

  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly settings: SettingsStore,
    /** The platform's time zone, whose days the daily limits count. */
    private readonly zone: () => Promise<string>,
    /** Tells who may decide what waits, and who asked how it was decided; none for the demo's seed. */
    private readonly notices?: FinanceReviews,
  ) {
    this.records = adjustmentRecordList(db);
  }

  async apply(by: Actor, body: ApplyBody): Promise<Adjustment> {
    const fingerprint = requestFingerprint([body.user_id, body.currency, body.direction, body.amount, body.reason]);
    const byKey = async (tx: Executor) =>
      (await tx.select().from(financeAdjustment).where(and(eq(financeAdjustment.applicantId, by.staffId), eq(financeAdjustment.idempotencyKey, body.idempotency_key))))[0];
    const zone = await this.zone();
    const today = todayIn(zone, this.clock.now());
    // The number this call made, if it made one: a replay answers the first adjustment, told of already.
    const made: { no?: string } = {};
    const row = await onceUnderKey(this.db, fingerprint, byKey, async (tx) => {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, body.user_id));
      if (!user) throw AppError.invalid('user_id', { 'zh-CN': '用户不存在', 'en-US': 'no such user' });
      const person = await personOf(tx, by.staffId);
      // In this order everywhere (person, then user): concurrent applications queue instead of deadlocking.
      await lockFor(tx, `adjust:person:${person}`);
      await lockFor(tx, `adjust:user:${body.user_id}`);
      const limits = limitsOf(await this.settings.get(SETTINGS, tx), body.currency);
      const [byPerson, toUser] = [
        await this.postedAtOnce(tx, body.currency, today, sql`${financeAdjustment.applicantId} in ${accountsOf(person)}`),
        await this.postedAtOnce(tx, body.currency, today, eq(financeAdjustment.userId, body.user_id)),
      ];
      const waits = body.amount > limits.threshold || byPerson + body.amount > limits.perPerson || toUser + body.amount > limits.perUser;
      if (waits && body.direction === 'debit') await this.assertAvailable({ userId: body.user_id, currency: body.currency, amount: body.amount }, by, tx);
      const now = this.clock.now();
      // The row first: its unique key makes a concurrent request under the same key wait here for this one.
      const [inserted] = await tx
        .insert(financeAdjustment)
        .values({
          adjustmentNo: recordNumber('AJ', now, zone),
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
      made.no = inserted!.adjustmentNo;
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
    const adjustment = toAdjustment(await this.record(row.adjustmentNo));
    if (row.adjustmentNo === made.no && adjustment.state === 'pending') await this.notices?.adjustmentWaits(adjustment);
    return adjustment;
  }

  /** 通过: the pending adjustment is posted, by a person other than its applicant. */
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
    const entries = await transferEntries(this.db, row.row.transferId ? [row.row.transferId] : []);
    return { adjustment: toAdjustment(row), entries };
  }

  /** The settings in force, with a raise waiting for a second person. */
  async settingsState(tx: Executor = this.db): Promise<AdjustmentSettingsState> {
    const [settings, { proposal }] = await Promise.all([this.settings.get(SETTINGS, tx), this.settings.get(PROPOSAL, tx)]);
    if (!proposal) return { ...settings, proposal: null };
    const [proposer] = await tx.select({ name: staff.name }).from(staff).where(eq(staff.id, proposal.proposer_id));
    return { ...settings, proposal: { ...proposal, proposer_name: proposer?.name ?? '' } };
  }

  /**
   * 调账审批设置: a change that raises nothing applies at once; one that raises any value becomes the proposal (replacing
   * an earlier one) and waits for a second person. Both audited with before and after.
   */
  async editSettings(by: Actor, next: AdjustmentSettings): Promise<AdjustmentSettingsState> {
    const { state, outcome: raised } = await this.changeSettings(async (tx, before) => {
      if (!raises(before, next)) {
        const after = await this.settings.set(SETTINGS, next, tx);
        await recordAudit(tx, { staffId: by.staffId, action: 'finance.adjust.settings', target: `settings:${SETTINGS}`, detail: { before, after }, ip: by.ip });
        return false;
      }
      const proposal = { id: randomUUID(), values: next, proposer_id: by.staffId, proposed_at: this.clock.now().toISOString() };
      await this.settings.set(PROPOSAL, { proposal }, tx);
      await recordAudit(tx, { staffId: by.staffId, action: 'finance.adjust.settings.propose', target: `settings:${SETTINGS}`, detail: { before, proposed: next }, ip: by.ip });
      return true;
    });
    const { proposal, ...inForce } = state;
    if (raised && proposal) await this.notices?.settingsRaised(proposal, inForce);
    return state;
  }

  /** The waiting raise applies, approved by a person other than its proposer. */
  approveSettings(by: Actor, proposalId: string): Promise<AdjustmentSettingsState> {
    return this.decideRaise('approved', by, async (tx, before) => {
      const proposal = await this.waitingProposal(tx, proposalId);
      if (await samePerson(tx, proposal.proposer_id, by.staffId)) throw AppError.forbidden(NOT_BY_PROPOSER);
      const after = await this.settings.set(SETTINGS, proposal.values, tx);
      await this.settings.set(PROPOSAL, { proposal: null }, tx);
      await recordAudit(tx, { staffId: by.staffId, action: 'finance.adjust.settings.approve', target: `settings:${SETTINGS}`, detail: { before, after, proposer_id: proposal.proposer_id }, ip: by.ip });
      return proposal;
    });
  }

  /** The waiting raise is dropped: withdrawn by its proposer or turned down by another person. */
  rejectSettings(by: Actor, proposalId: string): Promise<AdjustmentSettingsState> {
    return this.decideRaise('rejected', by, async (tx) => {
      const proposal = await this.waitingProposal(tx, proposalId);
      await this.settings.set(PROPOSAL, { proposal: null }, tx);
      await recordAudit(tx, { staffId: by.staffId, action: 'finance.adjust.settings.reject', target: `settings:${SETTINGS}`, detail: { proposed: proposal.values, proposer_id: proposal.proposer_id }, ip: by.ip });
      return proposal;
    });
  }

  /** A decision on the waiting raise (it answers the raise it decided); then its proposer and deciders are told. */
  private async decideRaise(decision: 'approved' | 'rejected', by: Actor, change: (tx: Executor, before: AdjustmentSettings) => Promise<StoredProposal>): Promise<AdjustmentSettingsState> {
    const { state, outcome } = await this.changeSettings(async (tx, before) => ({ proposal: await change(tx, before), before }));
    await this.notices?.settingsDecided(outcome.proposal, outcome.before, decision, by.staffId);
    return state;
  }

  /** A change of the settings or their proposal under the settings' lock; answers the state after it, and what the change answered. */
  private async changeSettings<T>(change: (tx: Executor, before: AdjustmentSettings) => Promise<T>): Promise<{ state: AdjustmentSettingsState; outcome: T }> {
    const outcome = await this.db.transaction(async (tx) => {
      await lockFor(tx, SETTINGS_LOCK);
      return change(tx, await this.settings.get(SETTINGS, tx));
    });
    return { state: await this.settingsState(), outcome };
  }

  private async waitingProposal(tx: Executor, proposalId: string): Promise<StoredProposal> {
    const { proposal } = await this.settings.get(PROPOSAL, tx);
    if (!proposal || proposal.id !== proposalId) throw new AppError(40900, PROPOSAL_GONE, null);
    return proposal;
  }

  /** What was posted at once (no approver) in a currency within the day, of the adjustments `which` picks. */
  private async postedAtOnce(tx: Executor, currency: AdjustmentRow['currency'], [from, to]: [Date, Date], which: SQL): Promise<number> {
    const [row] = await tx
      .select({ sum: sql<number>`coalesce(sum(${financeAdjustment.amount}), 0)::float8` })
      .from(financeAdjustment)
      .where(
        and(
          eq(financeAdjustment.currency, currency),
          eq(financeAdjustment.state, 'posted'),
          isNull(financeAdjustment.approverId),
          gte(financeAdjustment.createdAt, from),
          lt(financeAdjustment.createdAt, to),
          which,
        ),
      );
    return row?.sum ?? 0;
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
    const { user, platform } = accountsOfAdjustment(row);
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
   * is approved, as the balance may have moved. The refusal names the balance only to staff who may read balances.
   */
  private async assertAvailable(row: Pick<AdjustmentRow, 'userId' | 'currency' | 'amount'>, by: Actor, tx: Executor): Promise<void> {
    const account = await findAccount(tx, accountsOfAdjustment(row).user);
    const available = account ? availableBalance(account) : 0;
    if (available >= row.amount) return;
    const want = amountText(row.currency, row.amount);
    if (!by.readsBalances)
      throw AppError.conflict({ 'zh-CN': `用户可用余额不足调减 ${want['zh-CN']}`, 'en-US': `The user has less available than the debit of ${want['en-US']}` }, 'amount');
    const have = amountText(row.currency, available);
    throw AppError.conflict(
      { 'zh-CN': `用户可用余额 ${have['zh-CN']}，不足调减 ${want['zh-CN']}`, 'en-US': `The user has ${have['en-US']} available, less than the debit of ${want['en-US']}` },
      'amount',
    );
  }

  /**
   * Locks the adjustment, checks who decides and that it still waits, makes the decision; answers it as it is now,
   * once its applicant is told.
   */
  private async decide(adjustmentNo: string, by: Actor, change: (row: AdjustmentRow, tx: Executor) => Promise<void>): Promise<Adjustment> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(financeAdjustment).where(eq(financeAdjustment.adjustmentNo, adjustmentNo)).for('update');
      if (!row) throw AppError.notFound();
      if (await samePerson(tx, row.applicantId, by.staffId)) throw AppError.forbidden(NOT_BY_APPLICANT);
      if (row.state !== 'pending') {
        const name = STATE_NAME[row.state];
        throw new AppError(40900, { 'zh-CN': `该调账${name['zh-CN']}，不能再审批`, 'en-US': `This adjustment is ${name['en-US']} already` }, null);
      }
      await change(row, tx);
    });
    const decided = toAdjustment(await this.record(adjustmentNo));
    await this.notices?.adjustmentDecided(decided);
    return decided;
  }

  private audit(tx: Executor, by: Actor, action: string, row: AdjustmentRow, detail: Record<string, unknown>): Promise<void> {
    return recordAudit(tx, { staffId: by.staffId, action, target: `finance.adjustment:${row.adjustmentNo}`, detail, ip: by.ip });
  }
}

/** The adjustment calls (docs/finance.md › Adjustments), posting through the module's ledger; answers the service. */
export function adjustmentRoutes(app: FastifyInstance, ledger: Ledger, notices: FinanceReviews): AdjustmentService {
  const timeZone = lazyService(app.access, 'timeZone', 'settings');
  const adjustments = new AdjustmentService(app.database.db, app.clock, ledger, new SettingsStore(app.database.db), () => timeZone.current(), notices);

  route(app, adjustmentCalls.adjustmentApply, (ctx) => adjustments.apply(actorOf(ctx), ctx.body));
  route(app, adjustmentCalls.adjustmentApprove, (ctx) => adjustments.approve(ctx.body.adjustment_no, actorOf(ctx)));
  route(app, adjustmentCalls.adjustmentReject, (ctx) => adjustments.reject(ctx.body.adjustment_no, ctx.body.reason, actorOf(ctx)));
  route(app, adjustmentCalls.adjustmentList, async ({ body: { page, limit, ...filter } }) => adjustments.page(filter, await timeZone.current(), page, limit));
  route(app, adjustmentCalls.adjustmentDetails, ({ body }) => adjustments.details(body.adjustment_no));
  route(app, adjustmentCalls.adjustmentSettingsDetails, () => adjustments.settingsState());
  route(app, adjustmentCalls.adjustmentSettingsEdit, (ctx) => adjustments.editSettings(actorOf(ctx), ctx.body));
  route(app, adjustmentCalls.adjustmentSettingsApprove, (ctx) => adjustments.approveSettings(actorOf(ctx), ctx.body.proposal_id));
  route(app, adjustmentCalls.adjustmentSettingsReject, (ctx) => adjustments.rejectSettings(actorOf(ctx), ctx.body.proposal_id));
  return adjustments;
}

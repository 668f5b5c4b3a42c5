import {
  ADJUSTMENT_SETTING_KEYS,
  adjustmentThresholdDefinitions,
  fieldTypes,
  yuanText,
  type Adjustment,
  type AdjustmentSettings,
  type AdjustmentSettingsProposal,
  type Locale,
  type NotificationSubject,
  type ReviewItem,
} from '@juqi/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../lib/db/client';
import { staff, users } from '../../lib/db/schema';
import type { GrantsDirectory, SystemEventSink } from '../../lib/http/types';
import { notStartedBy, samePerson } from '../../lib/people';
import { decidersOf, type ReviewRegistry, type ReviewSource } from '../../lib/reviews';
import { amountText, type AdjustmentService } from './adjustments';
import { financeAdjustment } from './adjustments-table';
import { financeWithdrawal } from './table';

/** The operation the second person of each finance step holds (docs/finance.md › Two-person steps in the to-dos). */
const DECIDES = {
  adjustment: 'finance.adjust.approve',
  payout: 'finance.withdraw.pay',
  settings: 'finance.adjust.settings',
} as const;

const DIRECTION_WORDS = { credit: { 'zh-CN': '调增', 'en-US': 'credit' }, debit: { 'zh-CN': '调减', 'en-US': 'debit' } } as const;

/** An adjustment's amount with its direction, as the to-dos and notices say it: 调增 ¥ 1,500.00, 调减 500 金豆. */
const signedAmount = (a: Pick<Adjustment, 'direction' | 'currency' | 'amount'>, locale: Locale) => `${DIRECTION_WORDS[a.direction][locale]} ${amountText(a.currency, a.amount)[locale]}`;

/** What a raise changes, each value raised from what is in force: 余额调账审批金额 ¥ 1,000.00 → ¥ 5,000.00. */
function raisedValues(from: AdjustmentSettings, to: AdjustmentSettings, locale: Locale): string {
  return ADJUSTMENT_SETTING_KEYS.filter((key) => to[key] > from[key])
    .map((key) => {
      const definition = adjustmentThresholdDefinitions[key];
      const value = (n: number) => fieldTypes.number.text(n, definition, locale);
      return `${definition.label[locale]} ${value(from[key])} → ${value(to[key])}`;
    })
    .join(locale === 'zh-CN' ? '；' : '; ');
}

/** A raise of the adjustment settings as its notices need it: what it sets, and who proposed it. */
type RaiseProposal = Pick<AdjustmentSettingsProposal, 'id' | 'values' | 'proposer_id'>;

const adjustmentSubject = (adjustmentNo: string): NotificationSubject => ({ kind: 'finance_adjustment', id: adjustmentNo });
const withdrawalSubject = (withdrawNo: string): NotificationSubject => ({ kind: 'finance_withdrawal', id: withdrawNo });
const settingsSubject = (proposalId: string): NotificationSubject => ({ kind: 'finance_adjustment_settings', id: proposalId });

/**
 * Finance's two-person steps (docs/finance.md › Two-person steps in the to-dos): the review sources that list them in
 * the to-dos of those who may decide them, and their notices. Each notice is given after the change it tells of has
 * committed: a 系统通知 event to whom it concerns, and a `changed` signal to every open screen showing the step —
 * its deciders' and its starter's — so lists and to-dos refresh whatever the events' settings. A failure to notify is
 * logged and never fails what happened.
 */
export class FinanceReviews {
  constructor(
    private readonly db: Executor,
    private readonly grants: GrantsDirectory,
    private readonly events: SystemEventSink,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Fills the to-dos: pending adjustments, approved withdrawals to pay out (while a payout provider is set up), a raise of the settings. */
  provide(registry: ReviewRegistry, adjustments: AdjustmentService, payable: boolean): void {
    registry.provide(this.adjustmentSource());
    if (payable) registry.provide(this.payoutSource());
    registry.provide(this.settingsSource(adjustments));
  }

  private adjustmentSource(): ReviewSource {
    const db = this.db;
    return {
      kind: 'finance_adjustment',
      operation: DECIDES.adjustment,
      async waitingFor(staffId, limit, locale) {
        const where = and(eq(financeAdjustment.state, 'pending'), await notStartedBy(db, staffId, financeAdjustment.applicantId));
        const [total] = await db.select({ n: count() }).from(financeAdjustment).where(where);
        const rows = await db
          .select({ row: financeAdjustment, userName: users.name, applicantName: staff.name })
          .from(financeAdjustment)
          .leftJoin(users, eq(users.id, financeAdjustment.userId))
          .leftJoin(staff, eq(staff.id, financeAdjustment.applicantId))
          .where(where)
          .orderBy(asc(financeAdjustment.createdAt), asc(financeAdjustment.adjustmentNo))
          .limit(limit);
        return {
          count: total?.n ?? 0,
          items: rows.map(({ row, userName, applicantName }): ReviewItem => ({
            kind: 'finance_adjustment',
            subject: adjustmentSubject(row.adjustmentNo),
            summary: `${signedAmount(row, locale)} · ${userName || `#${row.userId}`}`,
            starter: { id: row.applicantId, name: applicantName ?? `#${row.applicantId}` },
            waiting_since: row.createdAt.toISOString(),
          })),
        };
      },
    };
  }

  private payoutSource(): ReviewSource {
    const db = this.db;
    return {
      kind: 'finance_withdrawal_payout',
      operation: DECIDES.payout,
      async waitingFor(staffId, limit) {
        // One approved without a recorded approver may be paid by anyone (the payout's own rule).
        const where = and(eq(financeWithdrawal.state, 'approved'), await notStartedBy(db, staffId, financeWithdrawal.approvedBy));
        const [total] = await db.select({ n: count() }).from(financeWithdrawal).where(where);
        const rows = await db
          .select({ row: financeWithdrawal, userName: users.name, approverName: staff.name })
          .from(financeWithdrawal)
          .leftJoin(users, eq(users.id, financeWithdrawal.userId))
          .leftJoin(staff, eq(staff.id, financeWithdrawal.approvedBy))
          .where(where)
          .orderBy(asc(sql`coalesce(${financeWithdrawal.approvedAt}, ${financeWithdrawal.createdAt})`), asc(financeWithdrawal.withdrawNo))
          .limit(limit);
        return {
          count: total?.n ?? 0,
          items: rows.map(({ row, userName, approverName }): ReviewItem => ({
            kind: 'finance_withdrawal_payout',
            subject: withdrawalSubject(row.withdrawNo),
            summary: `${yuanText(row.amount)} · ${userName || `#${row.userId}`}`,
            starter: row.approvedBy === null ? null : { id: row.approvedBy, name: approverName ?? `#${row.approvedBy}` },
            waiting_since: (row.approvedAt ?? row.createdAt).toISOString(),
          })),
        };
      },
    };
  }

  private settingsSource(adjustments: AdjustmentService): ReviewSource {
    const db = this.db;
    return {
      kind: 'finance_adjustment_settings',
      operation: DECIDES.settings,
      async waitingFor(staffId, _limit, locale) {
        const { proposal, ...inForce } = await adjustments.settingsState();
        if (!proposal || (await samePerson(db, proposal.proposer_id, staffId))) return { count: 0, items: [] };
        const item: ReviewItem = {
          kind: 'finance_adjustment_settings',
          subject: settingsSubject(proposal.id),
          summary: raisedValues(inForce, proposal.values, locale),
          starter: { id: proposal.proposer_id, name: proposal.proposer_name },
          waiting_since: proposal.proposed_at,
        };
        return { count: 1, items: [item] };
      },
    };
  }

  // ——— notices (after the commit) ———

  /** An adjustment waits: a message to each who may approve it. */
  adjustmentWaits(a: Adjustment): Promise<void> {
    return this.tell('adjustment waits', async () => {
      const deciders = await decidersOf(this.db, this.grants, DECIDES.adjustment, a.applicant_id);
      await this.events.raise('finance.adjustment.pending', { params: { ...this.adjustmentParams(a), reason: a.reason }, staffIds: deciders, subject: adjustmentSubject(a.adjustment_no) });
      await this.events.changed(adjustmentSubject(a.adjustment_no), [...deciders, a.applicant_id]);
    });
  }

  /** An adjustment was approved or rejected: a message to its applicant. */
  adjustmentDecided(a: Adjustment): Promise<void> {
    return this.tell('adjustment decided', async () => {
      const params = { ...this.adjustmentParams(a), approver: a.approver_name };
      const subject = adjustmentSubject(a.adjustment_no);
      if (a.state === 'rejected') await this.events.raise('finance.adjustment.rejected', { params: { ...params, reason: a.reject_reason }, staffId: a.applicant_id, subject });
      else await this.events.raise('finance.adjustment.approved', { params, staffId: a.applicant_id, subject });
      await this.events.changed(subject, [...(await decidersOf(this.db, this.grants, DECIDES.adjustment, a.applicant_id)), a.applicant_id]);
    });
  }

  /** A withdrawal was approved and waits to be paid out: a message to each who may pay it. */
  withdrawalToPay(withdrawNo: string): Promise<void> {
    return this.tell('withdrawal to pay', async () => {
      const w = await this.withdrawal(withdrawNo);
      if (!w) return;
      const payers = await decidersOf(this.db, this.grants, DECIDES.payout, w.approvedBy);
      await this.events.raise('finance.withdrawal.approved', {
        params: { no: w.withdrawNo, user: w.userName || `#${w.userId}`, amount: yuanText(w.amount), approver: w.approverName ?? '' },
        staffIds: payers,
        subject: withdrawalSubject(withdrawNo),
      });
      await this.events.changed(withdrawalSubject(withdrawNo), [...payers, ...(w.approvedBy === null ? [] : [w.approvedBy])]);
    });
  }

  /** An approved withdrawal was paid out or rejected: it leaves its payers' to-dos. */
  withdrawalPayoutDecided(withdrawNo: string, approvedBy: number | null): Promise<void> {
    return this.tell('withdrawal payout decided', async () => {
      const payers = await decidersOf(this.db, this.grants, DECIDES.payout, approvedBy);
      await this.events.changed(withdrawalSubject(withdrawNo), [...payers, ...(approvedBy === null ? [] : [approvedBy])]);
    });
  }

  /** A raise of the settings waits: a message to each other person who may approve it. */
  settingsRaised(proposal: RaiseProposal, inForce: AdjustmentSettings): Promise<void> {
    return this.tell('settings raised', async () => {
      const deciders = await decidersOf(this.db, this.grants, DECIDES.settings, proposal.proposer_id);
      await this.events.raise('finance.adjustment_settings.proposed', { params: await this.settingsParams(proposal, inForce), staffIds: deciders, subject: settingsSubject(proposal.id) });
      await this.events.changed(settingsSubject(proposal.id), [...deciders, proposal.proposer_id]);
    });
  }

  /**
   * A raise was approved or dropped: a message to its proposer when another person decided it (a proposer withdrawing
   * their own raise is told nothing).
   */
  settingsDecided(proposal: RaiseProposal, inForce: AdjustmentSettings, decision: 'approved' | 'rejected', deciderId: number): Promise<void> {
    return this.tell('settings raise decided', async () => {
      const subject = settingsSubject(proposal.id);
      if (!(await samePerson(this.db, proposal.proposer_id, deciderId))) {
        const code = decision === 'approved' ? 'finance.adjustment_settings.approved' : 'finance.adjustment_settings.rejected';
        await this.events.raise(code, { params: { ...(await this.settingsParams(proposal, inForce)), approver: await this.staffName(deciderId) }, staffId: proposal.proposer_id, subject });
      }
      await this.events.changed(subject, [...(await decidersOf(this.db, this.grants, DECIDES.settings, proposal.proposer_id)), proposal.proposer_id]);
    });
  }

  private adjustmentParams(a: Adjustment): Record<string, string> {
    return { no: a.adjustment_no, user: a.user_name || `#${a.user_id}`, amount: signedAmount(a, 'zh-CN'), applicant: a.applicant_name };
  }

  private async settingsParams(proposal: RaiseProposal, inForce: AdjustmentSettings): Promise<Record<string, string>> {
    return { proposer: await this.staffName(proposal.proposer_id), changes: raisedValues(inForce, proposal.values, 'zh-CN') };
  }

  private async staffName(staffId: number): Promise<string> {
    const [row] = await this.db.select({ name: staff.name }).from(staff).where(eq(staff.id, staffId));
    return row?.name ?? `#${staffId}`;
  }

  private async withdrawal(withdrawNo: string) {
    const [row] = await this.db
      .select({
        withdrawNo: financeWithdrawal.withdrawNo,
        userId: financeWithdrawal.userId,
        amount: financeWithdrawal.amount,
        approvedBy: financeWithdrawal.approvedBy,
        userName: users.name,
        approverName: staff.name,
      })
      .from(financeWithdrawal)
      .leftJoin(users, eq(users.id, financeWithdrawal.userId))
      .leftJoin(staff, eq(staff.id, financeWithdrawal.approvedBy))
      .where(eq(financeWithdrawal.withdrawNo, withdrawNo));
    return row;
  }

  /** Runs a notice; what happened stands whether or not it could be told. */
  private async tell(what: string, notice: () => Promise<void>): Promise<void> {
    try {
      await notice();
    } catch (err) {
      this.log.error({ err, notice: what }, 'finance notice failed');
    }
  }
}

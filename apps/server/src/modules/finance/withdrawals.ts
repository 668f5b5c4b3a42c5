import { yuanText, type CallBody, type Withdrawal, type withdrawalAppCalls } from '@juqi/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import type { Executor } from '../../lib/db/client';
import { recordAudit } from '../../lib/audit/record';
import { users } from '../../lib/db/schema';
import { AppError } from '../../lib/errors';
import { onceUnderKey, requestFingerprint } from '../../lib/idempotency';
import { availableBalance, findAccount, type Ledger } from '../../lib/ledger/ledger';
import type { CommissionDues } from '../../lib/http/types';
import { samePerson } from '../../lib/people';
import type { Actor } from './actor';
import type { PayoutProvider } from './payments';
import { recordNumber } from '../../lib/record-number';
import type { FinanceReviews } from './reviews';
import { financeWithdrawal, type WithdrawalRow } from './table';

type ApplyBody = CallBody<typeof withdrawalAppCalls.apply> & { payout_type: number; amount: number };

/** The last 4 characters, the rest starred: what lists and exports show of an account. */
export const maskAccount = (no: string) => `${'*'.repeat(Math.max(no.length - 4, 0))}${no.slice(-4)}`;

export const toWithdrawal = (r: WithdrawalRow, whole = false): Withdrawal => ({
  withdraw_no: r.withdrawNo,
  user_id: r.userId,
  amount: r.amount,
  payout_type: r.payoutType,
  account_name: r.accountName,
  account_no: whole ? r.accountNo : maskAccount(r.accountNo),
  state: r.state,
  reject_reason: r.rejectReason,
  payout_ref: r.payoutRef,
  created_at: r.createdAt.toISOString(),
  approved_at: r.approvedAt?.toISOString() ?? null,
  paid_at: r.paidAt?.toISOString() ?? null,
  rejected_at: r.rejectedAt?.toISOString() ?? null,
});

const STATE_NOW = (state: string) => ({ 'zh-CN': `该提现当前为${{ applied: '待审核', approved: '待打款', paid: '已打款', rejected: '已驳回' }[state]}，不能这样处理`, 'en-US': `This withdrawal is ${state}` });
const PAID_BY_APPROVER = { 'zh-CN': '提现须由审核人以外的员工打款', 'en-US': 'A withdrawal is paid out by a person other than its approver' } as const;
const NO_PAYOUT_PROVIDER = { 'zh-CN': '尚未接入打款渠道，暂不能打款', 'en-US': 'No payout provider is set up: withdrawals cannot be paid out yet' } as const;

/**
 * The user's 提现状态 (`users.withdraw_state`, the user list's filter) follows their latest application: 提现中 while
 * it is applied or approved, 已提现 once paid, 提现失败 when rejected. Written in the step's transaction.
 */
async function followLatestWithdrawal(tx: Executor, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({
      withdrawState: sql`(select case w.state when 'paid' then 2 when 'rejected' then 3 else 1 end from ${financeWithdrawal} w
        where w.user_id = ${userId} order by w.created_at desc, w.id desc limit 1)`,
    })
    .where(eq(users.id, userId));
}

/**
 * Withdrawals (docs/finance.md › Withdrawals): an app user's application holds the amount (a pending transfer to
 * withdrawal clearing); staff approve, pay out through the payout provider (the hold posted) or reject (voided). Each
 * step keeps its staff and time and is written to the operation log; the payer is a person other than the approver.
 * Each decision locks the withdrawal's row, so two staff acting at once decide once; a wrong state is 40900.
 */
export class WithdrawalService {
  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    /** None until a payout provider is set up: withdrawals are then approved or rejected, never paid. */
    private readonly payouts: PayoutProvider | null,
    /** The platform's time zone, whose clocks a withdrawal's number reads. */
    private readonly zone: () => Promise<string>,
    /** Tells who may pay out what waits, and every open screen when it is decided; none for the demo's seed. */
    private readonly notices?: FinanceReviews,
    /** What agencies owe from commissions clawed back, once the order module has registered. */
    private readonly dues: () => CommissionDues | undefined = () => undefined,
  ) {}

  async apply(userId: number, body: ApplyBody): Promise<Withdrawal> {
    const fingerprint = requestFingerprint([body.amount, body.payout_type, body.account_name, body.account_no]);
    const byKey = async (tx: Executor) =>
      (await tx.select().from(financeWithdrawal).where(and(eq(financeWithdrawal.userId, userId), eq(financeWithdrawal.idempotencyKey, body.idempotency_key))))[0];
    const zone = await this.zone();
    const row = await onceUnderKey(this.db, fingerprint, byKey, async (tx) => {
      const now = this.clock.now();
      const withdrawNo = recordNumber('WD', now, zone);
      // The row first: its unique key makes a concurrent request under the same key wait here for this one.
      const [inserted] = await tx
        .insert(financeWithdrawal)
        .values({
          withdrawNo,
          userId,
          amount: body.amount,
          payoutType: body.payout_type,
          accountName: body.account_name,
          accountNo: body.account_no,
          idempotencyKey: body.idempotency_key,
          fingerprint,
          createdAt: now,
        })
        .returning();
      await this.settleDues(tx, userId, body.amount);
      const hold = await this.ledger.reserve(
        {
          kind: 'withdrawal',
          legs: [{ debit: { kind: 'user_cash', ownerId: userId }, credit: { kind: 'withdrawal_clearing' }, amount: body.amount }],
          idempotencyKey: `withdraw:${withdrawNo}`,
          memo: `提现 ${withdrawNo}`,
          reference: { withdraw_no: withdrawNo },
          userId,
        },
        tx,
      );
      const [held] = await tx.update(financeWithdrawal).set({ holdTransferId: hold.id }).where(eq(financeWithdrawal.id, inserted!.id)).returning();
      await followLatestWithdrawal(tx, userId);
      return held!;
    });
    return toWithdrawal(row);
  }

  /**
   * An agency owing commissions clawed back pays them from its cash before it withdraws: refused (40900 naming amount,
   * with the most it may withdraw) when what is left would not cover the amount, else the dues are taken first.
   */
  private async settleDues(tx: Executor, userId: number, amount: number): Promise<void> {
    const dues = this.dues();
    const owed = dues ? await dues.owed(userId, tx) : 0;
    if (!dues || owed === 0) return;
    const account = await findAccount(tx, { kind: 'user_cash', ownerId: userId });
    const free = Math.max(0, (account ? availableBalance(account) : 0) - owed);
    if (amount > free) {
      throw AppError.conflict(
        {
          'zh-CN': `待追回佣金 ${yuanText(owed)} 须先从余额扣除，最多可提现 ${yuanText(free)}`,
          'en-US': `Commissions clawed back of ${yuanText(owed)} come out of the balance first; at most ${yuanText(free)} may be withdrawn`,
        },
        'amount',
      );
    }
    await dues.settle(userId, tx);
  }

  async status(userId: number, withdrawNo: string): Promise<Withdrawal> {
    const [row] = await this.db
      .select()
      .from(financeWithdrawal)
      .where(and(eq(financeWithdrawal.withdrawNo, withdrawNo), eq(financeWithdrawal.userId, userId)));
    if (!row) throw AppError.notFound();
    return toWithdrawal(row);
  }

  /** 审核通过: applied → approved. */
  approve(withdrawNo: string, by: Actor): Promise<Withdrawal> {
    return this.decide(withdrawNo, ['applied'], by, 'finance.withdraw.approve', async (row, tx) => {
      const [updated] = await tx.update(financeWithdrawal).set({ state: 'approved', approvedBy: by.staffId, approvedAt: this.clock.now() }).where(eq(financeWithdrawal.id, row.id)).returning();
      return updated!;
    });
  }

  /**
   * 打款: the provider pays an approved withdrawal and the hold is posted, by a person other than its approver; a
   * refused payout changes nothing (40900).
   */
  async pay(withdrawNo: string, by: Actor): Promise<Withdrawal> {
    const payouts = this.payouts;
    if (!payouts) throw AppError.conflict(NO_PAYOUT_PROVIDER);
    const outcome = await this.decide(withdrawNo, ['approved'], by, 'finance.withdraw.pay', async (row, tx) => {
      if (row.approvedBy !== null && (await samePerson(tx, row.approvedBy, by.staffId))) throw AppError.forbidden(PAID_BY_APPROVER);
      const payout = await payouts.pay({ withdrawNo: row.withdrawNo, amount: row.amount, payoutType: row.payoutType, accountName: row.accountName, accountNo: row.accountNo });
      if (!payout.paid) return { refused: payout.reason };
      const settled = await this.ledger.postPending(row.holdTransferId!, { memo: `提现打款 ${row.withdrawNo}`, staffId: by.staffId, reference: { payout_ref: payout.reference } }, tx);
      const [updated] = await tx
        .update(financeWithdrawal)
        .set({ state: 'paid', settleTransferId: settled.id, payoutRef: payout.reference, paidBy: by.staffId, paidAt: this.clock.now() })
        .where(eq(financeWithdrawal.id, row.id))
        .returning();
      return updated!;
    });
    if ('refused' in outcome) throw AppError.conflict({ 'zh-CN': `打款失败：${outcome.refused}`, 'en-US': `The payout was refused: ${outcome.refused}` });
    return outcome;
  }

  /** 驳回: applied or approved → rejected with the reason; the hold is voided. */
  reject(withdrawNo: string, reason: string, by: Actor): Promise<Withdrawal> {
    return this.decide(withdrawNo, ['applied', 'approved'], by, 'finance.withdraw.reject', async (row, tx) => {
      const voided = await this.ledger.voidPending(row.holdTransferId!, { memo: `提现驳回：${reason}`, staffId: by.staffId }, tx);
      const [updated] = await tx
        .update(financeWithdrawal)
        .set({ state: 'rejected', rejectReason: reason, settleTransferId: voided.id, rejectedBy: by.staffId, rejectedAt: this.clock.now() })
        .where(eq(financeWithdrawal.id, row.id))
        .returning();
      return updated!;
    });
  }

  /**
   * Locks the withdrawal, checks its state, makes the change and writes it to the operation log in the same
   * transaction; answers it as it is now, once those it concerns are told (an approval waits for a payer; a payout or
   * a rejection of an approved one leaves the payers' to-dos). A refused payout changes nothing and is not logged as a step.
   */
  private async decide<T extends WithdrawalRow | { refused: string }>(
    withdrawNo: string,
    from: WithdrawalRow['state'][],
    by: Actor,
    action: string,
    change: (row: WithdrawalRow, tx: Executor) => Promise<T>,
  ): Promise<T extends WithdrawalRow ? Withdrawal : Withdrawal | { refused: string }> {
    const result = await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(financeWithdrawal).where(eq(financeWithdrawal.withdrawNo, withdrawNo)).for('update');
      if (!row) throw AppError.notFound();
      if (!from.includes(row.state)) throw new AppError(40900, STATE_NOW(row.state), null);
      const changed = await change(row, tx);
      if ('refused' in changed) return { changed, was: row.state };
      await followLatestWithdrawal(tx, row.userId);
      await recordAudit(tx, {
        staffId: by.staffId,
        action,
        target: `finance.withdrawal:${row.withdrawNo}`,
        detail: { user_id: row.userId, amount: row.amount, from: row.state, to: changed.state, ...(changed.rejectReason ? { reason: changed.rejectReason } : {}) },
        ip: by.ip,
      });
      return { changed, was: row.state };
    });
    const { changed, was } = result;
    if ('refused' in changed) return changed as never;
    const done = changed as WithdrawalRow;
    if (done.state === 'approved') await this.notices?.withdrawalToPay(done.withdrawNo);
    else if (was === 'approved') await this.notices?.withdrawalPayoutDecided(done.withdrawNo, done.approvedBy);
    return toWithdrawal(done) as never;
  }
}

import { yuanText, type FakePayNotification, type PayChannel, type TopUpOrder, type TopUpState } from '@juqi/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import type { Executor } from '../../lib/db/client';
import { AppError } from '../../lib/errors';
import { keyReused, requestFingerprint } from '../../lib/idempotency';
import { SettingsStore } from '../../lib/settings/store';
import type { Ledger } from '../../lib/ledger/ledger';
import type { PaymentProvider } from './payments';
import { recordNumber } from '../../lib/record-number';
import { financeRechargePreset } from './settings-table';
import { financeTopUp, type TopUpRow } from './table';

const BAD_SIGNATURE = { 'zh-CN': '签名无效', 'en-US': 'Invalid signature' } as const;
const AMOUNT_MISMATCH = { 'zh-CN': '通知金额与订单不符', 'en-US': 'The notified amount is not the order’s' } as const;
const NO_PROVIDER = { 'zh-CN': '尚未接入支付渠道，暂不能充值', 'en-US': 'No payment provider is set up: top-ups are not taken yet' } as const;

export const toTopUpOrder = (r: TopUpRow): TopUpOrder => ({
  order_no: r.orderNo,
  user_id: r.userId,
  amount: r.amount,
  bonus_beans: r.bonusBeans,
  channel: r.channel,
  provider: r.provider,
  state: r.state,
  trade_no: r.tradeNo,
  created_at: r.createdAt.toISOString(),
  paid_at: r.paidAt?.toISOString() ?? null,
  transfer_id: r.transferId,
});

/**
 * Top-ups (docs/finance.md › Top-ups): an app user's order, paid through the provider; the provider's verified
 * notification credits the user through the ledger once, however often and in whatever order it arrives.
 */
export class TopUpService {
  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    /** None until a provider is set up: orders are then refused, and nothing is ever notified. */
    private readonly provider: PaymentProvider | null,
    /** The platform's time zone, whose clocks an order's number reads. */
    private readonly zone: () => Promise<string>,
  ) {
    this.settings = new SettingsStore(db);
  }

  private readonly settings: SettingsStore;

  /**
   * Makes the order, or answers the one this key made with the same body (40900 with another body). The amount must lie
   * within the recharge settings' limits (40000 naming amount); an amount an enabled preset offers brings its bonus beans.
   */
  async create(userId: number, body: { amount: number; channel: PayChannel; idempotency_key: string }) {
    const provider = this.provider;
    if (!provider) throw AppError.conflict(NO_PROVIDER);
    const fingerprint = requestFingerprint([body.amount, body.channel]);
    const limits = await this.settings.get('finance_recharge');
    if (body.amount < limits.min_amount || body.amount > limits.max_amount)
      throw AppError.invalid('amount', {
        'zh-CN': `须在 ${yuanText(limits.min_amount)}–${yuanText(limits.max_amount)} 之间`,
        'en-US': `must be between ${limits.min_amount} and ${limits.max_amount} fen`,
      });
    const [preset] = await this.db
      .select({ bonusBeans: financeRechargePreset.bonusBeans })
      .from(financeRechargePreset)
      .where(and(eq(financeRechargePreset.amount, body.amount), eq(financeRechargePreset.enabled, true)));
    const now = this.clock.now();
    const [inserted] = await this.db
      .insert(financeTopUp)
      .values({
        orderNo: recordNumber('TU', now, await this.zone()),
        userId,
        amount: body.amount,
        bonusBeans: preset?.bonusBeans ?? 0,
        channel: body.channel,
        provider: provider.name,
        idempotencyKey: body.idempotency_key,
        fingerprint,
        createdAt: now,
      })
      .onConflictDoNothing({ target: [financeTopUp.userId, financeTopUp.idempotencyKey] })
      .returning();
    const order = inserted ?? (await this.byKey(userId, body.idempotency_key));
    if (order.fingerprint !== fingerprint) throw keyReused();
    const payUrl = await provider.checkoutUrl({ orderNo: order.orderNo, amount: order.amount, channel: order.channel, description: '账户充值' });
    return { order: toTopUpOrder(order), pay_url: payUrl };
  }

  async status(userId: number, orderNo: string): Promise<TopUpOrder> {
    const [row] = await this.db
      .select()
      .from(financeTopUp)
      .where(and(eq(financeTopUp.orderNo, orderNo), eq(financeTopUp.userId, userId)));
    if (!row) throw AppError.notFound();
    return toTopUpOrder(row);
  }

  /**
   * A provider's notification. Verified first (40300 otherwise, nothing written). The order is locked, so concurrent
   * replays queue: the first payment credits the user and marks the order paid in one transaction; a replay finds it
   * paid and changes nothing; a close after payment is ignored; a payment after a close still credits (the money came).
   * An amount unlike the order's is kept on the order for reconciliation and refused with 40900.
   */
  async notify(notification: FakePayNotification): Promise<{ state: TopUpState }> {
    const payment = this.provider?.verify(notification);
    if (!payment) throw AppError.forbidden(BAD_SIGNATURE);
    const outcome = await this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(financeTopUp).where(eq(financeTopUp.orderNo, payment.orderNo)).for('update');
      if (!order) throw AppError.notFound();
      const now = this.clock.now();
      const seen = { notifyCount: sql`${financeTopUp.notifyCount} + 1`, lastNotifiedAt: now };
      if (payment.status === 'closed') {
        const closing = order.state === 'pending';
        await tx
          .update(financeTopUp)
          .set({ ...seen, ...(closing ? { state: 'closed' as const, closedAt: now } : {}) })
          .where(eq(financeTopUp.id, order.id));
        return { state: closing ? ('closed' as const) : order.state };
      }
      if (payment.amount !== order.amount || (order.state === 'paid' && order.tradeNo !== payment.tradeNo)) {
        const what = payment.amount !== order.amount ? `notified ${payment.amount} for ${order.amount}` : `second payment ${payment.tradeNo}`;
        await tx
          .update(financeTopUp)
          .set({ ...seen, mismatch: `${order.mismatch ? `${order.mismatch}; ` : ''}${what}`.slice(0, 500) })
          .where(eq(financeTopUp.id, order.id));
        return { mismatch: true as const };
      }
      if (order.state === 'paid') {
        await tx.update(financeTopUp).set(seen).where(eq(financeTopUp.id, order.id));
        return { state: 'paid' as const };
      }
      const transfer = await this.ledger.post(
        {
          kind: 'top_up',
          legs: [
            { debit: { kind: 'payment_clearing' }, credit: { kind: 'user_cash', ownerId: order.userId }, amount: order.amount },
            ...(order.bonusBeans > 0 ? [{ debit: { kind: 'promotions' as const }, credit: { kind: 'user_beans' as const, ownerId: order.userId }, amount: order.bonusBeans }] : []),
          ],
          idempotencyKey: `topup:${order.orderNo}`,
          memo: `${order.channel === 'wechat' ? '微信支付' : '支付宝'} ${payment.tradeNo}`,
          reference: { order_no: order.orderNo, trade_no: payment.tradeNo },
          userId: order.userId,
        },
        tx,
      );
      await tx
        .update(financeTopUp)
        .set({ ...seen, state: 'paid', tradeNo: payment.tradeNo, paidAt: payment.paidAt, transferId: transfer.id })
        .where(eq(financeTopUp.id, order.id));
      return { state: 'paid' as const };
    });
    if ('mismatch' in outcome) throw new AppError(40900, AMOUNT_MISMATCH, { field: 'amount' });
    return outcome;
  }

  private async byKey(userId: number, key: string): Promise<TopUpRow> {
    const [row] = await this.db
      .select()
      .from(financeTopUp)
      .where(and(eq(financeTopUp.userId, userId), eq(financeTopUp.idempotencyKey, key)));
    if (!row) throw new Error('a top-up conflicting on its key was not found');
    return row;
  }
}

import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import type { Executor } from '../../lib/db/client';
import { users } from '../../lib/db/schema';
import { findAccount, availableBalance, type Ledger } from '../../lib/ledger/ledger';
import { orderCommission, orders, type OrderCommissionRecord, type OrderRecord } from './table';

/** A commission on `base` fen at `rateBp` basis points, rounded down to the fen. */
export const commissionOn = (base: number, rateBp: number): number => Math.floor((base * rateBp) / 10_000);

/** Who caused a posting: a staff or an app user; neither for the sweep. */
export interface MoneyActor {
  staffId?: number | null;
  userId?: number | null;
}

const referenceOf = (order: OrderRecord) => ({ order_no: order.orderNo });

/**
 * An order's money (docs/marketplace.md › Money), always inside the caller's transaction (the order row locked first):
 * payment and refunds between the payer's cash and the platform's revenue, the agency's commission held as a pending
 * credit of its cash and later released or voided, a claw-back after the window, and the users' order figures. Every
 * posting's key derives from the order number, so a move repeated after a crash posts once.
 */
export class OrderMoney {
  constructor(
    private readonly ledger: Ledger,
    private readonly clock: Clock,
  ) {}

  /** 付款: the payer's cash → revenue. 余额不足 (40900 naming amount) when the payer's available cash is short. */
  async pay(tx: Executor, order: OrderRecord, payerId: number, by: MoneyActor): Promise<number[]> {
    if (order.amount === 0) return [];
    const transfer = await this.ledger.post(
      {
        kind: 'spend',
        legs: [{ debit: { kind: 'user_cash', ownerId: payerId }, credit: { kind: 'revenue' }, amount: order.amount }],
        memo: `订单付款 ${order.orderNo}：${order.businessName} · ${order.packageName}`,
        reference: referenceOf(order),
        idempotencyKey: `order:pay:${order.orderNo}`,
        staffId: by.staffId ?? null,
        userId: payerId,
      },
      tx,
    );
    return [transfer.id];
  }

  /** 退款: revenue → the payer's cash. */
  async refund(tx: Executor, order: OrderRecord, amount: number, by: MoneyActor): Promise<number[]> {
    if (amount === 0 || order.payerUserId === null) return [];
    const transfer = await this.ledger.post(
      {
        kind: 'refund',
        legs: [{ debit: { kind: 'revenue' }, credit: { kind: 'user_cash', ownerId: order.payerUserId }, amount }],
        memo: `订单退款 ${order.orderNo}`,
        reference: referenceOf(order),
        idempotencyKey: `order:refund:${order.orderNo}`,
        staffId: by.staffId ?? null,
        userId: order.payerUserId,
      },
      tx,
    );
    return [transfer.id];
  }

  /**
   * The agency's commission on what the order kept (`base`), at the order's rate: a pending earning of its cash
   * (commission payable → the agency), held till `releaseAt`; when that is now (no 冻结期) it is posted at once. Nothing
   * for a commission of 0 (an order the agency paid). `round` tells the second hold of a refunded order from the first.
   */
  async holdCommission(tx: Executor, order: OrderRecord, base: number, releaseAt: Date, round: number, by: MoneyActor): Promise<{ amount: number; transferIds: number[] }> {
    const amount = commissionOn(base, order.commissionRateBp);
    if (amount === 0) return { amount: 0, transferIds: [] };
    const input = {
      kind: 'earning' as const,
      legs: [{ debit: { kind: 'commission_payable' as const }, credit: { kind: 'user_cash' as const, ownerId: order.agencyId }, amount }],
      memo: `订单佣金 ${order.orderNo}：${order.businessName} · ${order.packageName}`,
      reference: referenceOf(order),
      idempotencyKey: round === 1 ? `order:commission:${order.orderNo}` : `order:commission:${order.orderNo}:${round}`,
      staffId: by.staffId ?? null,
      userId: order.agencyId,
    };
    const now = this.clock.now();
    const released = releaseAt.getTime() <= now.getTime();
    const transfer = released ? await this.ledger.post(input, tx) : await this.ledger.reserve(input, tx);
    const [commission] = await tx
      .insert(orderCommission)
      .values({
        orderId: order.id,
        agencyId: order.agencyId,
        base,
        rateBp: order.commissionRateBp,
        amount,
        state: released ? 'released' : 'held',
        holdTransferId: transfer.id,
        releaseAt,
        releasedAt: released ? now : null,
        createdAt: now,
      })
      .returning();
    const transferIds = [transfer.id];
    if (released) transferIds.push(...(await this.settleClawbacks(tx, order.agencyId, commission!.id)));
    return { amount, transferIds };
  }

  /** The order's live commission (held or released), newest first; none before it is earned. */
  async currentCommission(tx: Executor, orderId: number): Promise<OrderCommissionRecord | undefined> {
    const [row] = await tx
      .select()
      .from(orderCommission)
      .where(and(eq(orderCommission.orderId, orderId), inArray(orderCommission.state, ['held', 'released'])))
      .orderBy(desc(orderCommission.id))
      .limit(1)
      .for('update');
    return row;
  }

  /** Voids a held commission (a refund inside the window): the pending credit goes, nothing moves. */
  async voidCommission(tx: Executor, commission: OrderCommissionRecord, by: MoneyActor): Promise<number[]> {
    const transfer = await this.ledger.voidPending(commission.holdTransferId, { memo: '退款作废佣金', staffId: by.staffId ?? null }, tx);
    await tx.update(orderCommission).set({ state: 'voided' }).where(eq(orderCommission.id, commission.id));
    return [transfer.id];
  }

  /**
   * Releases a held commission once its window closed: the pending credit is posted and counts as income; dues the
   * agency owes from earlier claw-backs are taken from it first.
   */
  async releaseCommission(tx: Executor, commission: OrderCommissionRecord): Promise<number[]> {
    const transfer = await this.ledger.postPending(commission.holdTransferId, { memo: '佣金结算' }, tx);
    await tx.update(orderCommission).set({ state: 'released', releasedAt: this.clock.now() }).where(eq(orderCommission.id, commission.id));
    await tx.update(orders).set({ commission: commission.amount }).where(eq(orders.id, commission.orderId));
    return [transfer.id, ...(await this.settleClawbacks(tx, commission.agencyId, commission.id))];
  }

  /** Fen the agency owes from claw-backs its cash could not cover. */
  async owed(tx: Executor, agencyId: number): Promise<number> {
    const [row] = await tx
      .select({ due: sql<number>`coalesce(sum(${orderCommission.clawbackDue}), 0)::int` })
      .from(orderCommission)
      .where(and(eq(orderCommission.agencyId, agencyId), gt(orderCommission.clawbackDue, 0)));
    return row?.due ?? 0;
  }

  /** Takes what the agency owes out of its cash, as far as it covers (before a withdrawal). */
  async settleDues(tx: Executor, agencyId: number): Promise<void> {
    await this.settleClawbacks(tx, agencyId);
  }

  /**
   * 佣金追回 after the window: `amount` back from the agency's cash to commission payable; what its available cash
   * cannot cover stays due on the commission and is taken from its next releases.
   */
  async clawBack(tx: Executor, commission: OrderCommissionRecord, amount: number, order: OrderRecord, by: MoneyActor): Promise<number[]> {
    if (amount <= 0) return [];
    const taken = await this.takeBack(tx, commission.agencyId, amount, { memo: `订单退款追回佣金 ${order.orderNo}`, reference: referenceOf(order), idempotencyKey: () => `order:clawback:${order.orderNo}`, staffId: by.staffId ?? null });
    await tx
      .update(orderCommission)
      .set({ clawedBack: commission.clawedBack + taken.amount, clawbackDue: amount - taken.amount })
      .where(eq(orderCommission.id, commission.id));
    return taken.transferIds;
  }

  /**
   * Takes what the agency owes from earlier claw-backs out of its cash, oldest first, as far as its cash covers; a
   * commission being released (`exceptId`) owes nothing yet.
   */
  private async settleClawbacks(tx: Executor, agencyId: number, exceptId?: number): Promise<number[]> {
    const dues = await tx
      .select()
      .from(orderCommission)
      .where(and(eq(orderCommission.agencyId, agencyId), gt(orderCommission.clawbackDue, 0), exceptId === undefined ? undefined : sql`${orderCommission.id} <> ${exceptId}`))
      .orderBy(asc(orderCommission.id))
      .for('update');
    const transferIds: number[] = [];
    for (const due of dues) {
      const taken = await this.takeBack(tx, agencyId, due.clawbackDue, {
        memo: '追回待追回佣金',
        reference: { commission_id: due.id },
        idempotencyKey: (amount) => `order:clawback:commission:${due.id}:${due.clawedBack + amount}`,
      });
      if (taken.amount === 0) break;
      transferIds.push(...taken.transferIds);
      await tx
        .update(orderCommission)
        .set({ clawedBack: due.clawedBack + taken.amount, clawbackDue: due.clawbackDue - taken.amount })
        .where(eq(orderCommission.id, due.id));
    }
    return transferIds;
  }

  /**
   * 佣金追回 of up to `amount` (the agency's cash → commission payable), as far as its available cash covers: answers
   * what was taken (0 when its cash is empty) and the transfer. The key is made from the amount taken.
   */
  private async takeBack(
    tx: Executor,
    agencyId: number,
    amount: number,
    posting: { memo: string; reference: Record<string, string | number>; idempotencyKey: (taken: number) => string; staffId?: number | null },
  ): Promise<{ amount: number; transferIds: number[] }> {
    const account = await findAccount(tx, { kind: 'user_cash', ownerId: agencyId });
    const taken = Math.min(amount, account ? Math.max(0, availableBalance(account)) : 0);
    if (taken === 0) return { amount: 0, transferIds: [] };
    const transfer = await this.ledger.post(
      {
        kind: 'commission_clawback',
        legs: [{ debit: { kind: 'user_cash', ownerId: agencyId }, credit: { kind: 'commission_payable' }, amount: taken }],
        memo: posting.memo,
        reference: posting.reference,
        idempotencyKey: posting.idempotencyKey(taken),
        staffId: posting.staffId ?? null,
        userId: agencyId,
      },
      tx,
    );
    return { amount: taken, transferIds: [transfer.id] };
  }

  /**
   * The users' order figures (docs/marketplace.md › The users' figures): `counted` +1 when an order is paid, −1 when a
   * paid one is cancelled, for the agency and the customer's account; `spent` moves the payer's total spent. Rows are
   * updated in id order, so two orders of the same people never deadlock.
   */
  async countOrder(tx: Executor, order: OrderRecord, customerUserId: number | null, counted: 1 | -1 | 0, spent: number): Promise<void> {
    const people = [...new Set([order.agencyId, customerUserId, order.payerUserId].filter((id): id is number => id !== null))].sort((a, b) => a - b);
    for (const id of people) {
      const counts = counted !== 0 && (id === order.agencyId || id === customerUserId);
      const pays = spent !== 0 && id === order.payerUserId;
      if (!counts && !pays) continue;
      await tx
        .update(users)
        .set({
          ...(counts ? { orderCount: sql`greatest(${users.orderCount} + ${counted}, 0)` } : {}),
          ...(counts && counted > 0 ? { lastOrderAt: sql`greatest(${users.lastOrderAt}, ${order.paidAt!.toISOString()}::timestamptz)` } : {}),
          // Taken back: none left, none; this order the latest, the latest other (the figure as it was when no other
          // order is on file: counts made before orders existed keep theirs); otherwise as it is.
          ...(counts && counted < 0
            ? {
                lastOrderAt: sql`case when ${users.orderCount} <= 1 then null
                  when ${users.lastOrderAt} = ${order.paidAt!.toISOString()}::timestamptz then coalesce((select max(o.paid_at) from orders o left join merchant m on m.id = o.merchant_id
                    where (o.agency_id = ${id} or m.user_id = ${id}) and o.id <> ${order.id} and o.paid_at is not null and o.state <> 'cancelled'), ${users.lastOrderAt})
                  else ${users.lastOrderAt} end`,
              }
            : {}),
          ...(pays ? { totalSpentCents: sql`greatest(${users.totalSpentCents} + ${spent}, 0)` } : {}),
        })
        .where(eq(users.id, id));
    }
  }
}

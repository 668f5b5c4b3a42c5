import { randomInt } from 'node:crypto';
import { agencyBasicSettings, dayInZone, dayRangeInZone, mayMove, ORDER_STATE_NAMES, refundableAmount, yuanText, type OrderAction, type OrderImportResult, type OrderPayBy, type OrderSource, type OrderState } from '@juqi/contract';
import { and, asc, eq, lte } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit/record';
import type { Clock } from '../../lib/clock';
import type { Executor } from '../../lib/db/client';
import { isUniqueViolation, violatedConstraint } from '../../lib/db/errors';
import { agency, agencyBusiness, agencyLevel, business, businessPackage, merchant, users } from '../../lib/db/schema';
import { AppError } from '../../lib/errors';
import { onceUnderKey } from '../../lib/idempotency';
import { readSettingsDocument } from '../../lib/settings/document';
import { recordNumber } from '../../lib/record-number';
import type { CheckedImport } from './import';
import { commissionOn, OrderMoney, type MoneyActor } from './money';
import { orderCommission, orderEvent, orders, type OrderRecord } from './table';

/** Who moves an order: a staff (audited, with the address), an app user, or neither (the sweep). */
export interface OrderActor extends MoneyActor {
  ip?: string;
}

/** What placing an order asks for, as either side sends it. */
export interface Placing {
  agencyId: number;
  merchantId: number;
  packageId: number;
  payBy: OrderPayBy;
  externalNo?: string;
  remark?: string;
  source: OrderSource;
  /** The placer's key, already scoped to the placer; `fingerprint` is what it asked for. */
  idempotencyKey: string;
  fingerprint: string;
}

/** What one move did: the state after it, the money it moved (fen, or units delivered), why, its transfers, the row's changes. */
interface Moved {
  to: OrderState;
  action: OrderAction;
  amount?: number | null;
  reason?: string;
  transferIds?: number[];
  patch?: Partial<typeof orders.$inferInsert>;
}

const DAY_MS = 86_400_000;
/** Orders each sweep pass takes per queue; the next pass, ten minutes on, takes the rest. */
const SWEEP_BATCH = 500;
/** Orders an import inserts per statement. */
const IMPORT_CHUNK = 1000;

const stateName = (state: OrderState) => ORDER_STATE_NAMES.find((s) => s.value === state)!.name;

/** 40900 naming `state`: the order is not in a state the move starts from (it may have moved meanwhile). */
function wrongState(order: OrderRecord): AppError {
  const name = stateName(order.state);
  return AppError.conflict({ 'zh-CN': `订单当前为「${name['zh-CN']}」，不能进行此操作`, 'en-US': `The order is ${name['en-US'].toLowerCase()}: this cannot be done now` }, 'state');
}

/** An agency's level as an order prices it: its commission rate and its discount (none without a level). */
export interface SellerRates {
  rateBp: number | null;
  discountBp: number | null;
}

/**
 * The agency selling an order, with its region and its level's rates: 40000 naming `agency_id` for no agency or a
 * suspended one. With `lock`, its row is shared-locked till the transaction ends, so it is not suspended meanwhile.
 */
export async function activeSeller(tx: Executor, agencyId: number, lock = false): Promise<SellerRates & { regionId: number | null }> {
  const query = tx
    .select({ status: agency.status, regionId: agency.regionId, rateBp: agencyLevel.commissionRateBp, discountBp: agencyLevel.discountBp })
    .from(agency)
    .innerJoin(users, eq(users.id, agency.userId))
    .leftJoin(agencyLevel, eq(agencyLevel.level, users.level))
    .where(eq(agency.userId, agencyId));
  const [seller] = await (lock ? query.for('share', { of: agency }) : query);
  if (!seller) throw AppError.invalid('agency_id', { 'zh-CN': `没有代理 ${agencyId}`, 'en-US': `no agency ${agencyId}` });
  if (seller.status !== 'active') throw AppError.invalid('agency_id', { 'zh-CN': '该代理已暂停，不能接单', 'en-US': 'a suspended agency takes no orders' });
  return { regionId: seller.regionId, rateBp: seller.rateBp, discountBp: seller.discountBp };
}

/**
 * What an order of a package costs and earns: the customer pays the price and the agency earns its level's rate; an
 * agency paying itself pays the price at its discount (half up: ¥ 99.99 at 95 % is ¥ 94.99) and earns nothing.
 */
export function priced(price: number, payBy: OrderPayBy, seller: SellerRates): { amount: number; discountBp: number; commissionRateBp: number } {
  if (payBy === 'customer') return { amount: price, discountBp: 10_000, commissionRateBp: seller.rateBp ?? 0 };
  const discountBp = seller.discountBp ?? 10_000;
  return { amount: Math.floor((price * discountBp + 5_000) / 10_000), discountBp, commissionRateBp: 0 };
}

/** When a commission earned at `endedAt` is released: 基础设置's 冻结期 later. */
const releaseAfter = (endedAt: Date, holdDays: number) => new Date(endedAt.getTime() + holdDays * DAY_MS);

/** The first instant after the day `days` days after `start`'s day, in the zone: when a service started then ends. */
export function serviceEnd(start: Date, days: number, zone: string): Date {
  const first = new Date(`${dayInZone(zone, start.getTime())}T00:00:00Z`);
  const last = new Date(first.getTime() + days * DAY_MS).toISOString().slice(0, 10);
  return dayRangeInZone([last, last], zone)[1];
}

/**
 * The orders' moves (docs/marketplace.md › Orders). Each locks the order's row, checks its state (40900 naming `state`
 * otherwise), and makes its postings, the users' figures, its history entry and, for staff, its audit entry in one
 * transaction: two staff moving one order at once — the second waits, finds it moved, and is refused; money moves once.
 */
export class OrderService {
  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
    private readonly money: OrderMoney,
    private readonly zone: () => Promise<string>,
    /** Told after every write that changed orders commits (the totals kept per filter are then stale). */
    private readonly changed: () => void = () => {},
  ) {}

  /** Places an order once per key (the same key and request answer the first order); answers its number. */
  async place(placing: Placing, by: OrderActor): Promise<string> {
    const zone = await this.zone();
    const find = async (tx: Executor) => {
      const [found] = await tx.select({ orderNo: orders.orderNo, fingerprint: orders.fingerprint }).from(orders).where(eq(orders.idempotencyKey, placing.idempotencyKey));
      return found;
    };
    try {
      const placed = await onceUnderKey(this.db, placing.fingerprint, find, (tx) => this.make(tx, placing, by, zone));
      this.changed();
      return placed.orderNo;
    } catch (err) {
      if (isUniqueViolation(err) && violatedConstraint(err) === 'orders_external_no_key')
        throw AppError.conflict({ 'zh-CN': '该外部单号已用于本代理的另一笔订单', 'en-US': 'The agency has another order under this external number' }, 'external_no');
      throw err;
    }
  }

  private async make(tx: Executor, placing: Placing, by: OrderActor, zone: string): Promise<{ orderNo: string; fingerprint: string }> {
    const seller = await activeSeller(tx, placing.agencyId, true);
    const [bought] = await tx
      .select({ pkg: businessPackage, businessName: business.name, businessEnabled: business.enabled })
      .from(businessPackage)
      .innerJoin(business, eq(business.id, businessPackage.businessId))
      .where(eq(businessPackage.id, placing.packageId));
    if (!bought) throw AppError.invalid('package_id', { 'zh-CN': `没有业务套餐 ${placing.packageId}`, 'en-US': `no package ${placing.packageId}` });
    if (!bought.pkg.enabled || !bought.businessEnabled) throw AppError.invalid('package_id', { 'zh-CN': '该业务或套餐已下架', 'en-US': 'the business or package is off sale' });
    const [selling] = await tx
      .select({ enabled: agencyBusiness.enabled })
      .from(agencyBusiness)
      .where(and(eq(agencyBusiness.agencyId, placing.agencyId), eq(agencyBusiness.businessId, bought.pkg.businessId), eq(agencyBusiness.enabled, true)));
    if (!selling) throw AppError.invalid('package_id', { 'zh-CN': `该代理未获准销售「${bought.businessName}」`, 'en-US': `the agency may not sell ${bought.businessName}` });
    const [customer] = await tx.select({ agencyId: merchant.agencyId, userId: merchant.userId }).from(merchant).where(eq(merchant.id, placing.merchantId));
    if (!customer || customer.agencyId !== placing.agencyId)
      throw AppError.invalid('merchant_id', { 'zh-CN': '该客户不属于此代理', 'en-US': 'the customer is not this agency’s' });

    const money = priced(bought.pkg.price, placing.payBy, seller);
    const now = this.clock.now();
    const [order] = await tx
      .insert(orders)
      .values({
        orderNo: recordNumber('OD', now, zone),
        externalNo: placing.externalNo ?? null,
        agencyId: placing.agencyId,
        merchantId: placing.merchantId,
        regionId: seller.regionId,
        businessId: bought.pkg.businessId,
        packageId: bought.pkg.id,
        businessName: bought.businessName,
        packageName: bought.pkg.name,
        price: bought.pkg.price,
        durationDays: bought.pkg.durationDays,
        quota: bought.pkg.quota,
        payBy: placing.payBy,
        ...money,
        payerUserId: placing.payBy === 'agency' ? placing.agencyId : customer.userId,
        remark: placing.remark ?? '',
        state: 'created',
        source: placing.source,
        idempotencyKey: placing.idempotencyKey,
        fingerprint: placing.fingerprint,
        createdAt: now,
      })
      .returning();
    await this.record(tx, order!, { to: 'created', action: 'create', amount: order!.amount }, null, by);
    // Nothing to pay: paid at once, with no transfer.
    if (order!.amount === 0) await this.apply(tx, order!, by, () => this.paid(tx, order!, customer.userId, by));
    return { orderNo: order!.orderNo, fingerprint: order!.fingerprint };
  }

  /**
   * 导入订单's writing: the checked orders added at once, awaiting payment (a file proves no payment), each with its
   * history entry; one audit entry for the file when it adds any. Numbers run on from a random start within the second,
   * so ten thousand rows take ten thousand numbers.
   */
  async placeImported(checked: CheckedImport, fileName: string, by: OrderActor): Promise<OrderImportResult> {
    if (!checked.planned.length) return { added: 0, unchanged: checked.unchanged };
    const zone = await this.zone();
    const now = this.clock.now();
    const stem = recordNumber('OD', now, zone).slice(0, -6);
    const start = randomInt(0, 1_000_000);
    await this.db.transaction(async (tx) => {
      for (let from = 0; from < checked.planned.length; from += IMPORT_CHUNK) {
        const chunk = checked.planned.slice(from, from + IMPORT_CHUNK);
        const made = await tx
          .insert(orders)
          .values(
            chunk.map((order, i) => ({
              ...order,
              orderNo: `${stem}${String((start + from + i) % 1_000_000).padStart(6, '0')}`,
              agencyId: checked.agencyId,
              regionId: checked.regionId,
              state: 'created' as const,
              source: 'import' as const,
              createdAt: now,
            })),
          )
          .returning({ id: orders.id, amount: orders.amount });
        await tx.insert(orderEvent).values(made.map((order) => ({ orderId: order.id, action: 'create' as const, toState: 'created' as const, amount: order.amount, staffId: by.staffId ?? null, at: now })));
      }
      await recordAudit(tx, {
        staffId: by.staffId ?? null,
        action: 'order.import',
        target: `agency:${checked.agencyId}`,
        detail: { file: fileName, added: checked.planned.length, unchanged: checked.unchanged },
        ip: by.ip ?? null,
      });
    });
    this.changed();
    return { added: checked.planned.length, unchanged: checked.unchanged };
  }

  /** 付款 by the payer (an app user): from their cash; paying a paid order again answers it unchanged. */
  pay(orderNo: string, userId: number): Promise<void> {
    const by = { userId };
    return this.move(orderNo, by, async (tx, order) => {
      const customerUserId = await this.customerUserOf(tx, order);
      const payer = order.payerUserId ?? (order.payBy === 'customer' ? customerUserId : null);
      if (payer !== userId) throw AppError.notFound();
      if (order.state !== 'created') {
        if (order.paidAt !== null) return null;
        throw wrongState(order);
      }
      return this.paid(tx, { ...order, payerUserId: payer }, customerUserId, by);
    });
  }

  private async paid(tx: Executor, order: OrderRecord, customerUserId: number | null, by: OrderActor): Promise<Moved> {
    if (order.payerUserId === null)
      throw AppError.conflict({ 'zh-CN': '该客户尚未开通账号，无法付款', 'en-US': 'The customer has no account to pay from yet' }, 'pay_by');
    const transferIds = await this.money.pay(tx, order, order.payerUserId, by);
    const paidAt = this.clock.now();
    await this.money.countOrder(tx, { ...order, paidAt }, customerUserId, 1, order.amount);
    return { to: 'paid', action: 'pay', amount: order.amount, transferIds, patch: { paidAt, payerUserId: order.payerUserId } };
  }

  /** 开始服务: paid → in service with 业务开通表's values (checked by the caller), ending at the end of the day its duration later. */
  async start(orderNo: string, by: OrderActor, setValues: Record<string, unknown> = {}): Promise<void> {
    // Read before the transaction: on PGlite's one connection a read beside it would wait for it.
    const zone = await this.zone();
    return this.move(orderNo, by, async (_tx, order) => {
      if (!mayMove('start', order.state)) throw wrongState(order);
      const startedAt = this.clock.now();
      return { to: 'in_service', action: 'start', patch: { startedAt, serviceEndAt: serviceEnd(startedAt, order.durationDays, zone), setValues } };
    });
  }

  /** 交付: units given on an order in service, within its quota; reaching the quota completes it. */
  deliver(orderNo: string, n: number, by: OrderActor): Promise<void> {
    return this.move(orderNo, by, async (tx, order) => {
      if (!mayMove('deliver', order.state)) throw wrongState(order);
      const delivered = order.delivered + n;
      if (order.quota > 0 && delivered > order.quota)
        throw AppError.invalid('n', { 'zh-CN': `最多还可交付 ${order.quota - order.delivered}`, 'en-US': `at most ${order.quota - order.delivered} more can be delivered` });
      if (order.quota > 0 && delivered === order.quota) {
        await this.record(tx, order, { to: 'in_service', action: 'deliver', amount: n }, order.state, by);
        return this.completed(tx, { ...order, delivered }, by, { delivered });
      }
      return { to: 'in_service', action: 'deliver', amount: n, patch: { delivered } };
    });
  }

  /** 完成: in service → completed; the agency's commission held. */
  complete(orderNo: string, by: OrderActor): Promise<void> {
    return this.move(orderNo, by, (tx, order) => {
      if (!mayMove('complete', order.state)) throw wrongState(order);
      return this.completed(tx, order, by);
    });
  }

  private async completed(tx: Executor, order: OrderRecord, by: OrderActor, patch: Partial<typeof orders.$inferInsert> = {}): Promise<Moved> {
    const endedAt = this.clock.now();
    const { commission_hold_days: holdDays } = await readSettingsDocument(tx, agencyBasicSettings);
    const held = await this.money.holdCommission(tx, order, order.amount - order.refunded, releaseAfter(endedAt, holdDays), 1, by);
    return { to: 'completed', action: 'complete', amount: held.amount || null, transferIds: held.transferIds, patch: { ...patch, endedAt, commission: held.amount } };
  }

  /** 取消: not yet in service; a paid order is refunded in full and no longer counts. Staff give a reason. */
  cancel(orderNo: string, reason: string, by: OrderActor, mayCancel?: (order: OrderRecord, customerUserId: number | null) => boolean): Promise<void> {
    return this.move(orderNo, by, async (tx, order) => {
      const customerUserId = await this.customerUserOf(tx, order);
      if (mayCancel && !mayCancel(order, customerUserId)) throw AppError.notFound();
      if (!mayMove('cancel', order.state)) throw wrongState(order);
      if (order.state === 'created') return { to: 'cancelled', action: 'cancel', reason, patch: { endedAt: this.clock.now() } };
      const transferIds = await this.money.refund(tx, order, order.amount, by);
      await this.money.countOrder(tx, order, customerUserId, -1, -order.amount);
      return { to: 'cancelled', action: 'cancel', amount: order.amount, reason, transferIds, patch: { refunded: order.amount, endedAt: this.clock.now() } };
    });
  }

  /**
   * 退款 of part of an order in service or completed, by the refund rule (at most `refundableAmount`): it ends the order.
   * The commission follows what the order kept: held on it in service; after completion a held commission is voided
   * and held again on the rest, a released one clawed back down to it.
   */
  refund(orderNo: string, amount: number, reason: string, by: OrderActor): Promise<void> {
    return this.move(orderNo, by, async (tx, order) => {
      if (!mayMove('refund', order.state)) throw wrongState(order);
      const most = refundableAmount({
        state: order.state,
        amount: order.amount,
        duration_days: order.durationDays,
        quota: order.quota,
        delivered: order.delivered,
        started_at: order.startedAt?.toISOString() ?? null,
        service_end_at: order.serviceEndAt?.toISOString() ?? null,
        now: this.clock.now().getTime(),
      });
      if (amount > most) throw AppError.invalid('amount', { 'zh-CN': `最多可退 ${yuanText(most)}`, 'en-US': `at most ${yuanText(most)} can be refunded` });
      const transferIds = await this.money.refund(tx, order, amount, by);
      await this.money.countOrder(tx, order, null, 0, -amount);
      const kept = order.amount - amount;
      const endedAt = this.clock.now();
      const { commission_hold_days: holdDays } = await readSettingsDocument(tx, agencyBasicSettings);
      let commission = 0;
      if (order.state === 'in_service') {
        const held = await this.money.holdCommission(tx, order, kept, releaseAfter(endedAt, holdDays), 1, by);
        commission = held.amount;
        transferIds.push(...held.transferIds);
      } else {
        const current = await this.money.currentCommission(tx, order.id);
        if (current?.state === 'held') {
          transferIds.push(...(await this.money.voidCommission(tx, current, by)));
          // Released when the first would have been: the window runs from the completion.
          const held = await this.money.holdCommission(tx, order, kept, current.releaseAt, 2, by);
          commission = held.amount;
          transferIds.push(...held.transferIds);
        } else if (current?.state === 'released') {
          commission = commissionOn(kept, order.commissionRateBp);
          transferIds.push(...(await this.money.clawBack(tx, current, current.amount - commission, order, by)));
        }
      }
      return { to: 'refunded', action: 'refund', amount, reason, transferIds, patch: { refunded: amount, commission, ...(order.state === 'in_service' ? { endedAt } : {}) } };
    });
  }

  /**
   * The sweep (every ten minutes): unpaid orders past 基础设置's time to pay are cancelled, orders in service past their
   * end completed, held commissions past their window released. Each in its own transaction under its row's lock,
   * skipping rows another holds (the next pass takes them); each checks its state again, so a pass repeated moves nothing.
   */
  async sweep(): Promise<{ cancelled: number; completed: number; released: number }> {
    const now = this.clock.now();
    const { order_pay_minutes: payMinutes } = await readSettingsDocument(this.db, agencyBasicSettings);
    const unpaid = await this.db
      .select({ orderNo: orders.orderNo })
      .from(orders)
      .where(and(eq(orders.state, 'created'), lte(orders.createdAt, new Date(now.getTime() - payMinutes * 60_000))))
      .orderBy(asc(orders.createdAt))
      .limit(SWEEP_BATCH);
    const ended = await this.db
      .select({ orderNo: orders.orderNo })
      .from(orders)
      .where(and(eq(orders.state, 'in_service'), lte(orders.serviceEndAt, now)))
      .orderBy(asc(orders.serviceEndAt))
      .limit(SWEEP_BATCH);
    const due = await this.db
      .select({ id: orderCommission.id })
      .from(orderCommission)
      .where(and(eq(orderCommission.state, 'held'), lte(orderCommission.releaseAt, now)))
      .orderBy(asc(orderCommission.releaseAt))
      .limit(SWEEP_BATCH);
    let [cancelled, completed, released] = [0, 0, 0];
    const sweeper: OrderActor = {};
    for (const { orderNo } of unpaid)
      cancelled += await this.sweepOne(orderNo, (order) => (order.state === 'created' ? { to: 'cancelled', action: 'cancel', reason: '超时未付款', patch: { endedAt: now } } : null));
    for (const { orderNo } of ended)
      completed += await this.sweepOne(orderNo, (order, tx) => (order.state === 'in_service' ? this.completed(tx, order, sweeper) : null));
    for (const { id } of due) released += await this.releaseOne(id);
    if (cancelled + completed + released > 0) this.changed();
    return { cancelled, completed, released };
  }

  private async sweepOne(orderNo: string, work: (order: OrderRecord, tx: Executor) => Promise<Moved | null> | Moved | null): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.orderNo, orderNo)).for('update', { skipLocked: true });
      if (!order) return 0;
      const moved = await work(order, tx);
      if (!moved) return 0;
      await this.save(tx, order, moved, {});
      return 1;
    });
  }

  private releaseOne(commissionId: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [commission] = await tx.select().from(orderCommission).where(eq(orderCommission.id, commissionId)).for('update', { skipLocked: true });
      if (!commission || commission.state !== 'held') return 0;
      const [order] = await tx.select().from(orders).where(eq(orders.id, commission.orderId)).for('update');
      const transferIds = await this.money.releaseCommission(tx, commission);
      await this.record(tx, order!, { to: order!.state, action: 'release', amount: commission.amount, transferIds }, order!.state, {});
      return 1;
    });
  }

  /** The customer's app account, if it has one. */
  async customerUserOf(tx: Executor, order: Pick<OrderRecord, 'merchantId'>): Promise<number | null> {
    const [row] = await tx.select({ userId: merchant.userId }).from(merchant).where(eq(merchant.id, order.merchantId));
    return row?.userId ?? null;
  }

  /** Locks the order (40400 for none), runs the move and saves what it did. A move answering null changed nothing. */
  private async move(orderNo: string, by: OrderActor, work: (tx: Executor, order: OrderRecord) => Promise<Moved | null>): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.orderNo, orderNo)).for('update');
      if (!order) throw AppError.notFound();
      await this.apply(tx, order, by, () => work(tx, order));
    });
    this.changed();
  }

  private async apply(tx: Executor, order: OrderRecord, by: OrderActor, work: () => Promise<Moved | null>): Promise<void> {
    const moved = await work();
    if (moved) await this.save(tx, order, moved, by);
  }

  private async save(tx: Executor, order: OrderRecord, moved: Moved, by: OrderActor): Promise<void> {
    await tx
      .update(orders)
      .set({ ...moved.patch, state: moved.to })
      .where(eq(orders.id, order.id));
    await this.record(tx, order, moved, order.state, by);
  }

  /** The history entry of a move and, for a staff's, its audit entry (`order.<action>` on `order:<no>`). */
  private async record(tx: Executor, order: OrderRecord, moved: Moved, from: OrderState | null, by: OrderActor): Promise<void> {
    await tx.insert(orderEvent).values({
      orderId: order.id,
      action: moved.action,
      fromState: from,
      toState: moved.to,
      amount: moved.amount ?? null,
      reason: moved.reason ?? '',
      staffId: by.staffId ?? null,
      userId: by.userId ?? null,
      transferIds: moved.transferIds ?? [],
      at: this.clock.now(),
    });
    if (by.staffId)
      await recordAudit(tx, {
        staffId: by.staffId,
        action: `order.${moved.action}`,
        target: `order:${order.orderNo}`,
        detail: { from, to: moved.to, ...(moved.amount ? { amount: moved.amount } : {}), ...(moved.reason ? { reason: moved.reason } : {}) },
        ip: by.ip ?? null,
      });
  }
}

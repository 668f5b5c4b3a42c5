import { orderAppCalls, orderCalls, type OrderFilter, type OrderTotals } from '@juqi/contract';
import { FigureCache, filterKey } from '../../lib/figure-cache';
import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { agency, merchant } from '../../lib/db/schema';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/http/route';
import { lazyService } from '../../lib/http/types';
import { checkedFormValues } from '../../lib/form-values';
import { requestFingerprint } from '../../lib/idempotency';
import { Ledger } from '../../lib/ledger/ledger';
import type { ServerModule } from '../../lib/module';
import { sendRecords } from '../../lib/records/record-list';
import { commissionList, returnList } from './agency-earnings';
import { checkOrderImport, sendOrderImportTemplate, uploadedOrders } from './import';
import { OrderMoney } from './money';
import { contractLookup, findOrderRow, orderAgencies, orderCustomers, orderDetails, orderEvents, orderList, orderOptions, ordersOfUser, orderTotals, orderWorkbook } from './orders';
import { seedOrders } from './seed';
import { OrderService, type OrderActor } from './service';
import { orders } from './table';

/** The sweep's queue and schedule: every ten minutes. */
export const ORDER_SWEEP_JOB = 'order.sweep';
const SWEEP_CRON = '*/10 * * * *';

/**
 * 订单中心 (docs/marketplace.md › Orders): orders placed by staff and in the apps, paid from the payer's cash, served,
 * completed, cancelled or refunded through the ledger; the agency's commission held and released by the sweep.
 */
export const orderModule: ServerModule = {
  name: 'order',
  seed: seedOrders,
  routes: async (app) => {
    const db = app.database.db;
    const timeZone = lazyService(app.access, 'timeZone', 'settings');
    const zone = () => timeZone.current();
    const fields = lazyService(app.access, 'fields', 'field');
    // The totals above 订单中心 are kept per filter for 30 s (a sum over a million orders is a scan), and give the list
    // its count; every order written clears them.
    const totals = new FigureCache<OrderTotals>(app.clock);
    const totalsOf = (filter: OrderFilter, zoneName: string) => totals.get(filterKey('orders', { ...filter, time_zone: zoneName }), () => orderTotals(db, filter, zoneName));
    const list = orderList(db, async (filter, zoneName) => (await totalsOf(filter, zoneName)).count);
    const money = new OrderMoney(new Ledger(db, app.clock), app.clock);
    const service = new OrderService(db, app.clock, money, zone, () => totals.clear());
    app.access.commissionDues = { owed: (agencyId, tx) => money.owed(tx, agencyId), settle: (agencyId, tx) => money.settleDues(tx, agencyId) };
    const details = (orderNo: string) => orderDetails(db, app.clock, eq(orders.orderNo, orderNo));
    // 合同 pickers (contract) pick orders: what a customer signed for.
    app.access.lookups.provide('contract', contractLookup(db));

    route(app, orderCalls.orderList, async ({ body: { cursor, limit, ...filter } }) => list.keyset(filter, await zone(), cursor, limit));
    route(app, orderCalls.orderTotals, async ({ body }) => totalsOf(body, await zone()));
    route(app, orderCalls.orderExport, async ({ body, reply }) => {
      await sendRecords(reply, list, body, orderWorkbook);
      return null;
    });
    route(app, orderCalls.orderOptions, async () => ({ ...(await orderOptions(db)), set_form: await fields.definitions('business_set') }));
    route(app, orderCalls.orderAgencies, ({ body }) => orderAgencies(db, body));
    route(app, orderCalls.orderCustomers, ({ body }) => orderCustomers(db, body));
    route(app, orderCalls.orderDetails, ({ body }) => details(body.order_no));
    const commissions = commissionList(db);
    route(app, orderCalls.commissionList, async ({ body: { page, limit, ...filter } }) => commissions.page(filter, await zone(), page, limit));
    const returns = returnList(db);
    route(app, orderCalls.returnList, async ({ body: { page, limit, ...filter } }) => returns.page(filter, await zone(), page, limit));
    route(app, orderCalls.orderAdd, async (ctx) => {
      const { idempotency_key: key, ...asked } = ctx.body;
      const by = staffOf(ctx);
      const orderNo = await service.place(
        {
          agencyId: asked.agency_id,
          merchantId: asked.merchant_id,
          packageId: asked.package_id,
          payBy: asked.pay_by,
          externalNo: asked.external_no,
          remark: asked.remark,
          source: 'staff',
          idempotencyKey: `staff:${by.staffId}:${key}`,
          fingerprint: requestFingerprint(asked),
        },
        by,
      );
      return details(orderNo);
    });
    route(app, orderCalls.orderImportTemplate, async ({ reply }) => {
      await sendOrderImportTemplate(reply);
      return null;
    });
    route(app, orderCalls.orderImport, async (ctx) => {
      const { request } = ctx;
      const file = await uploadedOrders(request);
      return service.placeImported(await checkOrderImport(db, file, request.locale), file.name, staffOf(ctx));
    });
    route(app, orderCalls.orderStart, async (ctx) => {
      await service.start(ctx.body.order_no, staffOf(ctx), await checkedFormValues(fields, 'business_set', ctx.body.values));
      return details(ctx.body.order_no);
    });
    route(app, orderCalls.orderDeliver, async (ctx) => {
      await service.deliver(ctx.body.order_no, ctx.body.n, staffOf(ctx));
      return details(ctx.body.order_no);
    });
    route(app, orderCalls.orderComplete, async (ctx) => {
      await service.complete(ctx.body.order_no, staffOf(ctx));
      return details(ctx.body.order_no);
    });
    route(app, orderCalls.orderCancel, async (ctx) => {
      await service.cancel(ctx.body.order_no, ctx.body.reason, staffOf(ctx));
      return details(ctx.body.order_no);
    });
    route(app, orderCalls.orderRefund, async (ctx) => {
      await service.refund(ctx.body.order_no, ctx.body.amount, ctx.body.reason, staffOf(ctx));
      return details(ctx.body.order_no);
    });

    registerAppOrders(app, service);

    app.jobs.work(
      ORDER_SWEEP_JOB,
      async () => {
        const swept = await service.sweep();
        if (swept.cancelled + swept.completed + swept.released > 0) app.log.info(swept, 'orders swept');
      },
      { policy: 'short', retryLimit: 2, retryDelay: 60 },
    );
    app.addHook('onReady', async () => app.jobs.schedule(ORDER_SWEEP_JOB, SWEEP_CRON, await zone()));
  },
};

/** The staff making a move, and from where. */
const staffOf = ({ principal, request }: { principal: { staffId: number } | null; request: { ip: string } }): OrderActor => ({ staffId: principal!.staffId, ip: request.ip });

/** The order of that number if the user sold it (as the agency) or bought it (as the customer's account). */
const mineWhere = (orderNo: string, userId: number) =>
  and(eq(orders.orderNo, orderNo), or(eq(orders.agencyId, userId), sql`${orders.merchantId} in (select id from ${merchant} where ${merchant.userId} = ${userId})`));

/** The apps' calls: a user answers only for orders it sold (as the agency) or bought (as the customer's account). */
function registerAppOrders(app: FastifyInstance, service: OrderService): void {
  const db = app.database.db;
  const own = (orderNo: string, userId: number) => findOrderRow(db, mineWhere(orderNo, userId)!);

  route(app, orderAppCalls.create, async ({ body, appUser }) => {
    const userId = appUser!.userId;
    const { idempotency_key: key, ...asked } = body;
    const [seller] = await db.select({ userId: agency.userId }).from(agency).where(eq(agency.userId, userId));
    let placing: { agencyId: number; merchantId: number };
    if (seller) {
      if (asked.merchant_id === undefined) throw AppError.invalid('merchant_id', { 'zh-CN': '请选择客户', 'en-US': 'choose the customer' });
      placing = { agencyId: userId, merchantId: asked.merchant_id };
    } else {
      const [customer] = await db.select({ id: merchant.id, agencyId: merchant.agencyId }).from(merchant).where(eq(merchant.userId, userId));
      if (!customer) throw AppError.forbidden();
      if (asked.pay_by !== 'customer' || (asked.merchant_id !== undefined && asked.merchant_id !== customer.id))
        throw AppError.invalid('pay_by', { 'zh-CN': '客户下单须由客户付款', 'en-US': 'a customer’s own order is paid by the customer' });
      placing = { agencyId: customer.agencyId, merchantId: customer.id };
    }
    const orderNo = await service.place(
      { ...placing, packageId: asked.package_id, payBy: asked.pay_by, source: 'app', idempotencyKey: `user:${userId}:${key}`, fingerprint: requestFingerprint(asked) },
      { userId },
    );
    return own(orderNo, userId);
  });
  route(app, orderAppCalls.pay, async ({ body, appUser }) => {
    await service.pay(body.order_no, appUser!.userId);
    return own(body.order_no, appUser!.userId);
  });
  route(app, orderAppCalls.cancel, async ({ body, appUser }) => {
    const userId = appUser!.userId;
    await service.cancel(body.order_no, body.reason ?? '', { userId }, (order, customerUserId) => order.agencyId === userId || customerUserId === userId);
    return own(body.order_no, userId);
  });
  route(app, orderAppCalls.list, ({ body, appUser }) => ordersOfUser(db, appUser!.userId, body.page, body.limit));
  route(app, orderAppCalls.details, async ({ body, appUser }) => {
    const row = await own(body.order_no, appUser!.userId);
    return { ...row, events: (await orderEvents(db, row.id)).events };
  });
}

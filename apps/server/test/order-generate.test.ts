import { agencyBasicSettings, businessPackage, businessResource, formatInZone, merchantCalls, orderCalls, type OrderFilter, type OrderRow } from '@juqi/contract';
import { count, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agency, agencyBusiness, agencyLevel, ledgerTransfer, merchant, relevanceRegion, users } from '../src/lib/db/schema';
import { readSettingsDocument } from '../src/lib/settings/document';
import { SettingsStore } from '../src/lib/settings/store';
import { seedAgencies } from '../src/modules/agency/seed';
import { seedOrders } from '../src/modules/order/seed';
import { serviceEnd } from '../src/modules/order/service';
import { buildTestApp, type TestApp } from './helpers/app';
import { ok, signInAsAdmin } from './helpers/auth';
import { insertUser, readAll } from './helpers/users';

/**
 * Generated orders (`db:seed -- --orders N`, modules/order/generate.ts) on a marketplace of this file's own: three
 * active agencies of different levels with customers (one with an app account), a suspended one, businesses and
 * packages on sale and off. What staff see of them in 订单中心: the count asked for, the filters and totals reading
 * them, and each order's state agreeing with its times and money.
 */
let t: TestApp;
let admin: string;
const log = pino({ level: 'silent' });
/**
 * Orders generated as `db:seed` makes them, then read by a server that has not seen them yet: the order centre keeps its
 * figures per filter (10 minutes at most for one nobody asked for meanwhile), so the clock moves past that, as a server
 * started after the seed would be.
 */
async function grow(orders: number): Promise<void> {
  await seedOrders({ db: t.database.db, log, demo: false, sizes: { orders } });
  t.clock.advance(600_001);
  admin = await signInAsAdmin(t);
}

/** The packages on sale, by id: what a generated order copies. */
const onSale = new Map<number, { businessId: number; businessName: string; name: string; price: number; durationDays: number; quota: number }>();
const levels = new Map<number, { rateBp: number; discountBp: number }>();
const agencies = new Map<number, { level: number; regionId: number | null }>();
let customerWithAccount: number;
/** That customer's app account. */
let account: number;
let video: number;
/** Every business, on sale or not: the agencies are approved for all. */
const businesses: number[] = [];

/** The orders 订单中心 counts on its first page (order_totals keeps its figures a while; the list counts afresh). */
const listedCount = async () => (await ok(t, orderCalls.orderList, { limit: 1 }, admin)).count;
/** A time of a row in milliseconds, or none. */
const at = (time: string | null) => (time === null ? null : Date.parse(time));
const totals = (filter: OrderFilter) => ok(t, orderCalls.orderTotals, filter, admin);
const listed = (filter: OrderFilter) => readAll<OrderRow>((cursor) => ok(t, orderCalls.orderList, { ...filter, limit: 100, ...(cursor ? { cursor } : {}) }, admin));

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  const addBusiness = async (name: string, enabled: boolean) => (await ok(t, businessResource.calls.add!, { name, summary: '', content: '', sort: 0, enabled, industry_id: null }, admin)).id;
  const addPackage = async (businessId: number, businessName: string, name: string, price: number, durationDays: number, quota: number, enabled = true) => {
    const { id } = await ok(t, businessPackage.calls.add!, { business_id: businessId, name, price, duration_days: durationDays, quota, description: '', sort: 0, enabled }, admin);
    if (enabled) onSale.set(id, { businessId, businessName, name, price, durationDays, quota });
  };
  video = await addBusiness('生成短视频', true);
  const site = await addBusiness('生成官网', true);
  const offSale = await addBusiness('生成已下架', false);
  businesses.push(video, site, offSale);
  await addPackage(video, '生成短视频', '基础版', 298_000, 30, 8);
  await addPackage(video, '生成短视频', '标准版', 598_000, 30, 0);
  await addPackage(video, '生成短视频', '旧版', 100_000, 30, 0, false);
  await addPackage(site, '生成官网', '模板站', 380_000, 365, 1);
  await addPackage(offSale, '生成已下架', '托管版', 250_000, 30, 0);

  for (const level of await t.database.db.select().from(agencyLevel)) levels.set(level.level, { rateBp: level.commissionRateBp, discountBp: level.discountBp });
  const [region] = await t.database.db.insert(relevanceRegion).values({ name: '生成华南区' }).returning();
  const sellers = [];
  for (const [name, level] of [['生成代理甲', 1], ['生成代理乙', 2], ['生成代理丙', 5], ['生成代理停', 2]] as const) sellers.push((await insertUser(t, { name, typeUser: 1, level })).id);
  await seedAgencies({ db: t.database.db, log, demo: false });
  await t.database.db.update(agency).set({ regionId: region!.id }).where(eq(agency.userId, sellers[0]!));
  for (const [i, agencyId] of sellers.entries()) {
    if (i < 3) agencies.set(agencyId, { level: [1, 2, 5][i]!, regionId: i === 0 ? region!.id : null });
    for (const n of [1, 2]) await ok(t, merchantCalls.merchantAdd, { agency_id: agencyId, values: { customer_name: `生成客户${i}-${n}` } }, admin);
  }
  // Suspended after it found its customers: it sells to them no more.
  await t.database.db.update(agency).set({ status: 'suspended' }).where(eq(agency.userId, sellers[3]!));
  // One customer has signed up in the apps: its orders may be paid by it.
  const [first] = await t.database.db.select({ id: merchant.id }).from(merchant).where(eq(merchant.agencyId, sellers[1]!)).limit(1);
  customerWithAccount = first!.id;
  account = (await insertUser(t, { name: '生成客户账号', typeUser: 2 })).id;
  await t.database.db.update(merchant).set({ userId: account }).where(eq(merchant.id, customerWithAccount));
});
afterAll(() => t?.close());

describe('generated orders', () => {
  it('are refused while no agency may sell a business on sale to a customer', async () => {
    await expect(grow(100)).rejects.toThrow(/seed the demo first/);
    expect(await listedCount()).toBe(0);
  });

  it('grow the orders to the size asked, once, and nothing else moves: no postings, the users’ figures as they were', async () => {
    const ids = [...agencies.keys(), account];
    await t.database.db.insert(agencyBusiness).values([...agencies.keys()].flatMap((agencyId) => businesses.map((businessId) => ({ agencyId, businessId, enabled: true, approvedAt: new Date() }))));
    const figures = () => t.database.db.select({ id: users.id, orderCount: users.orderCount, spent: users.totalSpentCents, last: users.lastOrderAt }).from(users).where(inArray(users.id, ids)).orderBy(users.id);
    const transfers = async () => (await t.database.db.select({ n: count() }).from(ledgerTransfer))[0]!.n;
    const [figuresBefore, transfersBefore] = [await figures(), await transfers()];

    await grow(300);
    expect(await listedCount()).toBe(300);
    await grow(300);
    await grow(120);
    expect(await listedCount()).toBe(300);
    await grow(360);
    const page = await ok(t, orderCalls.orderList, { limit: 20 }, admin);
    expect(page.count).toBe(360);
    expect(page.data).toHaveLength(20);

    expect(await figures()).toEqual(figuresBefore);
    expect(await transfers()).toBe(transfersBefore);
  });

  it('are read by order_list and order_totals with filters, newest first, the pages adding up to the count', async () => {
    const biggest = (await Promise.all([...agencies.keys()].map(async (id) => ({ id, n: (await totals({ agency_id: id })).count })))).sort((a, b) => b.n - a.n)[0]!.id;
    const filters: OrderFilter[] = [
      { state: 'completed', business_id: video },
      { agency_id: biggest, state: 'completed' },
      { pay_by: 'customer' },
      { source: 'app', state: 'cancelled' },
    ];
    for (const filter of filters) {
      const rows = await listed(filter);
      const sums = await totals(filter);
      expect(rows.length, JSON.stringify(filter)).toBe(sums.count);
      expect(rows.length, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(sums.amount).toBe(rows.reduce((n, r) => n + r.amount, 0));
      expect(sums.refunded).toBe(rows.reduce((n, r) => n + r.refunded, 0));
      expect(sums.commission).toBe(rows.reduce((n, r) => n + r.commission, 0));
      for (const row of rows) for (const [key, value] of Object.entries(filter)) expect(row[key as keyof OrderRow], key).toBe(value);
      const times = rows.map((r) => Date.parse(r.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
    // Only the customer with an app account pays for itself; the others' orders are paid by their agency.
    expect(new Set((await listed({ pay_by: 'customer' })).map((r) => r.merchant_id))).toEqual(new Set([customerWithAccount]));
  });

  it('are sold as placing sells them and in states their times agree with: mostly completed, the rest in every other', async () => {
    const zone = (await new SettingsStore(t.database.db).get('system')).time_zone;
    const payMinutes = (await readSettingsDocument(t.database.db, agencyBasicSettings)).order_pay_minutes;
    const now = Date.now();
    const rows = await listed({});
    expect(new Set(rows.map((r) => r.order_no)).size).toBe(rows.length);
    const states = new Map<string, number>();
    for (const row of rows) {
      states.set(row.state, (states.get(row.state) ?? 0) + 1);
      const [created, paid, started, end, ended] = [at(row.created_at)!, at(row.paid_at), at(row.started_at), at(row.service_end_at), at(row.ended_at)];
      const where = `${row.order_no} (${row.state})`;
      expect(row.order_no, where).toBe(`OD${formatInZone(row.created_at, zone).replace(/\D/g, '')}${row.order_no.slice(-6)}`);
      expect(created, where).toBeGreaterThan(now - 366 * 86_400_000);

      // The sale: an active agency's own customer, a package on sale copied, priced for whoever pays.
      const seller = agencies.get(row.agency_id);
      const pkg = onSale.get(row.package_id);
      if (!seller || !pkg) throw new Error(`${where}: sold by agency ${row.agency_id}, of package ${row.package_id}`);
      expect(row.region_id, where).toBe(seller.regionId);
      expect([row.business_id, row.business_name, row.package_name, row.price, row.duration_days, row.quota], where).toEqual([pkg.businessId, pkg.businessName, pkg.name, pkg.price, pkg.durationDays, pkg.quota]);
      const rates = levels.get(seller.level)!;
      if (row.pay_by === 'customer') expect([row.amount, row.discount_bp, row.commission_rate_bp], where).toEqual([row.price, 10_000, rates.rateBp]);
      else expect([row.amount, row.discount_bp, row.commission_rate_bp], where).toEqual([Math.floor((row.price * rates.discountBp + 5_000) / 10_000), rates.discountBp, 0]);
      expect(row.external_no !== null, where).toBe(row.source === 'import');

      // The times: each step after the one before, none to come, each state with exactly the steps it took.
      if (paid !== null) expect(paid, where).toBeGreaterThanOrEqual(created);
      if (started !== null) expect(started, where).toBeGreaterThanOrEqual(paid!);
      if (started !== null) expect(end, where).toBe(serviceEnd(new Date(started), row.duration_days, zone).getTime());
      for (const time of [created, paid, started, ended]) if (time !== null) expect(time, where).toBeLessThanOrEqual(now);
      const earned = Math.floor(((row.amount - row.refunded) * row.commission_rate_bp) / 10_000);
      if (row.state === 'created') {
        expect([paid, started, ended, row.refunded], where).toEqual([null, null, null, 0]);
        expect(created, where).toBeGreaterThan(now - payMinutes * 60_000);
      } else if (row.state === 'paid') {
        expect([paid === null, started, ended, row.refunded, row.commission], where).toEqual([false, null, null, 0, 0]);
      } else if (row.state === 'in_service') {
        expect([started === null, ended, row.refunded, row.commission], where).toEqual([false, null, 0, 0]);
        expect(end, where).toBeGreaterThan(now);
        expect(row.quota === 0 ? row.delivered === 0 : row.delivered < row.quota, where).toBe(true);
      } else if (row.state === 'completed') {
        expect([started === null, row.refunded, row.commission], where).toEqual([false, 0, earned]);
        expect(ended, where).toBeGreaterThanOrEqual(started!);
        expect(ended, where).toBeLessThanOrEqual(end!);
        expect(row.delivered, where).toBeLessThanOrEqual(row.quota);
      } else if (row.state === 'cancelled') {
        expect([started, ended === null, row.commission, row.delivered], where).toEqual([null, false, 0, 0]);
        expect(row.refunded, where).toBe(paid === null ? 0 : row.amount);
        expect(ended, where).toBeGreaterThanOrEqual(paid ?? created);
      } else {
        expect([started === null, ended === null, row.commission], where).toEqual([false, false, earned]);
        expect(row.refunded, where).toBeGreaterThan(0);
        expect(row.refunded, where).toBeLessThanOrEqual(row.amount);
        expect(row.delivered, where).toBeLessThanOrEqual(row.quota);
      }
    }
    expect(states.get('completed')!, JSON.stringify([...states])).toBeGreaterThan(rows.length / 2);
    for (const state of ['in_service', 'cancelled', 'refunded']) expect(states.get(state), state).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.source))).toEqual(new Set(['app', 'staff', 'import']));
    expect(new Set(rows.map((r) => r.agency_id))).toEqual(new Set(agencies.keys()));
    expect(new Set(rows.map((r) => r.merchant_id)).size).toBe(6);
  });
});

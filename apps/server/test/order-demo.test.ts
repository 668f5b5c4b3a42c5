import { businessPackage, businessResource, merchantCalls } from '@juqi/contract';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchant, users } from '../src/lib/db/schema';
import { seedAgencies } from '../src/modules/agency/seed';
import { seedOrders } from '../src/modules/order/seed';
import { orderCommission, orders } from '../src/modules/order/table';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectOk, invoke, ok, signInAsAdmin } from './helpers/auth';
import { expectLedgerInvariants } from './helpers/ledger';
import { insertUser, openBalances } from './helpers/users';

/**
 * The demo's orders (docs/marketplace.md › Demo data) on a marketplace of this file's own — agencies with customers,
 * users of type 2 with cash to become their accounts — so what the seeded walk makes does not hang on the generated
 * users' money.
 */
let t: TestApp;
const log = pino({ level: 'silent' });
const seed = () => seedOrders({ db: t.database.db, log, demo: true });

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await signInAsAdmin(t);
  const video = (await ok(t, businessResource.calls.add!, { name: '演示短视频', summary: '', content: '', sort: 0, enabled: true, industry_id: null }, admin)).id;
  for (const [name, price, quota] of [['演示基础版', 99_900, 10], ['演示专业版', 299_900, 0]] as const)
    await ok(t, businessPackage.calls.add!, { business_id: video, name, price, duration_days: 30, quota, description: '', sort: 0, enabled: true }, admin);
  const agencies = [];
  for (const name of ['演示代理甲', '演示代理乙']) agencies.push((await insertUser(t, { name, typeUser: 1, level: 2 })).id);
  await seedAgencies({ db: t.database.db, log, demo: false });
  for (const [i, agencyId] of agencies.entries())
    for (const n of [1, 2, 3]) expectOk(await invoke(t, merchantCalls.merchantAdd, { agency_id: agencyId, values: { customer_name: `演示客户${i}-${n}` } }, admin));
  const payers = [];
  for (let n = 0; n < 4; n++) payers.push((await insertUser(t, { typeUser: 2 })).id);
  await openBalances(t, [...agencies, ...payers].map((userId) => ({ userId, balance: 5_000_000 })));
});
afterAll(() => t?.close());

describe('the demo’s orders', () => {
  it('are placed by the real moves and walked through every state, the commissions due released; once', async () => {
    await seed();
    const states = async () =>
      Object.fromEntries((await t.database.db.select({ state: orders.state, n: sql<number>`count(*)::int` }).from(orders).groupBy(orders.state)).map((row) => [row.state, row.n]));
    const first = await states();
    for (const state of ['created', 'paid', 'in_service', 'completed', 'cancelled', 'refunded']) expect(first[state], state).toBeGreaterThan(0);
    const [released] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orderCommission).where(eq(orderCommission.state, 'released'));
    expect(released!.n).toBeGreaterThan(0);
    // The users who topped up became the first customers' accounts, and their orders counted.
    const accounts = await t.database.db.select({ orderCount: users.orderCount }).from(merchant).innerJoin(users, eq(users.id, merchant.userId));
    expect(accounts).toHaveLength(4);
    expect(accounts.some((a) => a.orderCount > 0)).toBe(true);
    await expectLedgerInvariants(t.database.db, { balancesAfter: true });

    await seed();
    expect(await states()).toEqual(first);
  });
});

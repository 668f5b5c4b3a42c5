import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import { agency, agencyBusiness, business, businessPackage, ledgerAccount, merchant, staff, users } from '../../lib/db/schema';
import { AppError } from '../../lib/errors';
import { Ledger } from '../../lib/ledger/ledger';
import type { SeedContext } from '../../lib/module';
import { SettingsStore } from '../../lib/settings/store';
import { seeded } from '../../lib/seeded-random';
import { generateOrders } from './generate';
import { OrderMoney } from './money';
import { OrderService } from './service';
import { orders } from './table';

const DAY = 86_400_000;
/** Customers of the demo given an app account (a user of type 2 holding cash from the demo's top-ups). */
const ACCOUNTS = 12;
/** Orders the demo places, over this many days back: a year, so the dashboards and the level window have one to read. */
const ORDERS = 120;
const DAYS = 365;

/** A move that may be refused (cash short, a state moved by an earlier step): the demo goes on without it. */
async function attempt(move: () => Promise<unknown>): Promise<boolean> {
  try {
    await move();
    return true;
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}

/**
 * The demo's orders, then, with `db:seed -- --orders N`, generated ones up to N (`generate.ts`: list data for the
 * order centre's benchmark, which post nothing to the ledger).
 */
export async function seedOrders(ctx: SeedContext): Promise<void> {
  await placeDemoOrders(ctx);
  if (ctx.sizes?.orders) await generateOrders(ctx.db, ctx.sizes.orders, ctx.log);
}

/**
 * The demo's orders (docs/marketplace.md › Demo data), made by the real moves with the clock set back: the agencies
 * with customers may sell every business on sale (as approved 业务申请 would let them); the first customers get the app
 * accounts of users who topped up; over the last year orders are placed and paid — by the customer when it has an
 * account, else by its agency from its own cash — and walked on: started, delivered, completed, some cancelled or
 * refunded; a sweep at the end releases the commissions whose window has closed. A payment short of cash leaves the
 * order unpaid, as in life. Only while there are no orders, so a restart adds nothing.
 */
async function placeDemoOrders({ db, demo }: SeedContext): Promise<void> {
  if (!demo || (await db.select({ id: orders.id }).from(orders).limit(1)).length) return;
  const customers = await db.select({ id: merchant.id, agencyId: merchant.agencyId, userId: merchant.userId }).from(merchant).orderBy(asc(merchant.id));
  const packages = await db
    .select({ id: businessPackage.id, businessId: businessPackage.businessId })
    .from(businessPackage)
    .innerJoin(business, eq(business.id, businessPackage.businessId))
    .where(and(eq(businessPackage.enabled, true), eq(business.enabled, true)))
    .orderBy(asc(businessPackage.id));
  if (!customers.length || !packages.length) return;

  const sellers = [...new Set(customers.map((c) => c.agencyId))];
  const businessIds = [...new Set(packages.map((p) => p.businessId))];
  await db
    .insert(agencyBusiness)
    .values(sellers.flatMap((agencyId) => businessIds.map((businessId) => ({ agencyId, businessId, enabled: true, approvedAt: new Date(Date.now() - (DAYS + 30) * DAY) }))))
    .onConflictDoNothing();

  // Users of type 2 with cash and no customer record yet become the first customers' accounts.
  const linked = customers.flatMap((c) => (c.userId === null ? [] : [c.userId]));
  const payers = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(ledgerAccount, and(eq(ledgerAccount.ownerId, users.id), eq(ledgerAccount.kind, 'user_cash')))
    .where(and(eq(users.typeUser, 2), sql`${ledgerAccount.creditsPosted} - ${ledgerAccount.debitsPosted} - ${ledgerAccount.debitsPending} > 0`, linked.length ? notInArray(users.id, linked) : undefined))
    .orderBy(asc(users.id))
    .limit(ACCOUNTS);
  const unlinked = customers.filter((c) => c.userId === null);
  for (const [i, payer] of payers.entries()) {
    const customer = unlinked[i];
    if (!customer) break;
    await db.update(merchant).set({ userId: payer.id }).where(eq(merchant.id, customer.id));
    customer.userId = payer.id;
  }
  const withAccounts = customers.filter((c) => c.userId !== null);
  const activeSellers = new Set((await db.select({ id: agency.userId }).from(agency).where(eq(agency.status, 'active'))).map((a) => a.id));

  let at = Date.now();
  const clock: Clock = { now: () => new Date(at) };
  const zone = async () => (await new SettingsStore(db).get('system')).time_zone;
  const service = new OrderService(db, clock, new OrderMoney(new Ledger(db, clock), clock), zone);
  // The demo's moves are the super-admin's, the first staff.
  const [admin] = await db.select({ id: staff.id }).from(staff).orderBy(asc(staff.id)).limit(1);
  const staffMove = { staffId: admin?.id ?? null, ip: '127.0.0.1' };
  const random = seeded(20261206);
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
  for (let n = 0; n < ORDERS; n++) {
    // Most orders are the customers with accounts' (they pay for themselves); the rest any customer's.
    const customer = withAccounts.length && random() < 0.6 ? pick(withAccounts) : pick(customers);
    if (!activeSellers.has(customer.agencyId)) continue;
    const fate = random();
    // A few placed in the last hours, still awaiting payment (the sweep closes those older than the time to pay).
    const awaiting = fate < 0.05;
    at = Date.now() - Math.floor(random() * (awaiting ? DAY / 2 : DAYS * DAY));
    const payBy = customer.userId !== null && random() < 0.8 ? 'customer' : 'agency';
    const orderNo = await service.place(
      { agencyId: customer.agencyId, merchantId: customer.id, packageId: pick(packages).id, payBy, source: 'staff', idempotencyKey: `demo:order:${n}`, fingerprint: `demo:${n}` },
      staffMove,
    );
    if (awaiting) continue;
    at += Math.floor(random() * 6 * 3_600_000);
    if (fate < 0.1) {
      await service.cancel(orderNo, '客户改变主意', staffMove);
      continue;
    }
    if (!(await attempt(() => service.pay(orderNo, payBy === 'customer' ? customer.userId! : customer.agencyId)))) continue;
    if (fate < 0.16) {
      await service.cancel(orderNo, '客户申请取消', staffMove);
      continue;
    }
    at += DAY;
    if (at > Date.now() || fate < 0.22) continue;
    await service.start(orderNo, staffMove);
    at += Math.floor(random() * 20) * DAY;
    if (at > Date.now()) continue;
    await attempt(() => service.deliver(orderNo, 1 + Math.floor(random() * 3), staffMove));
    if (fate < 0.3) {
      await attempt(() => service.refund(orderNo, 100 * (1 + Math.floor(random() * 50)), '服务效果未达预期', staffMove));
      continue;
    }
    if (fate < 0.75) await attempt(() => service.complete(orderNo, staffMove));
  }
  at = Date.now();
  await service.sweep();
}

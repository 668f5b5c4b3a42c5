import { and, asc, eq, gte, inArray, notLike, sql } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import { ledgerAccount, ledgerTransfer, staff, users } from '../../lib/db/schema';
import { Ledger } from '../../lib/ledger/ledger';
import { AppError } from '../../lib/errors';
import type { SeedContext } from '../../lib/module';
import { SettingsStore } from '../../lib/settings/store';
import { seeded } from '../../lib/seeded-random';
import { AdjustmentService } from './adjustments';
import { financeAdjustment } from './adjustments-table';
import { BeanPurchaseService } from './bean-purchases';
import { EarningService } from './earnings';
import { FakePaymentProvider, FakePayoutProvider } from './payments';
import { financeFunctionCharge, financePackage, financeRechargePreset } from './settings-table';
import { financeTopUp, financeWithdrawal } from './table';
import { TopUpService } from './top-up';
import { WithdrawalService } from './withdrawals';

/** What a user's account can still spend or withdraw, in SQL (`availableBalance`'s sum). */
const availableSql = sql`${ledgerAccount.creditsPosted} - ${ledgerAccount.debitsPosted} - ${ledgerAccount.debitsPending}`;

/** Users of the demo who have topped up, and at most how many orders each. */
const DEMO_PAYERS = 40;
const MAX_ORDERS = 3;
const DAY = 86_400_000;

/** The platform's time zone as stored, for the numbers and days of what the demo makes. */
const storedZone = (db: SeedContext['db']) => async () => (await new SettingsStore(db).get('system')).time_zone;

/**
 * The demo's top-ups, made by the real flow (docs/finance.md › Top-ups): orders over the last 90 days at the recharge
 * presets' amounts, most paid through the fake provider's signed notification, some left pending, some closed unpaid.
 * Only while there are none, so a restart adds nothing.
 */
export async function seedTopUps({ db, demo }: SeedContext): Promise<void> {
  if (!demo || (await db.select({ id: financeTopUp.id }).from(financeTopUp).limit(1)).length) return;
  const payers = await db.select({ id: users.id }).from(users).where(eq(users.locked, false)).orderBy(asc(users.id)).limit(DEMO_PAYERS);
  const presets = (await db.select({ amount: financeRechargePreset.amount }).from(financeRechargePreset).where(eq(financeRechargePreset.enabled, true))).map((p) => p.amount);
  const amounts = presets.length ? presets : [1_000, 5_000, 10_000];
  const random = seeded(20261126);
  let at = Date.now() - 90 * DAY;
  const clock: Clock = { now: () => new Date(at) };
  const provider = new FakePaymentProvider();
  const topUps = new TopUpService(db, clock, new Ledger(db, clock), provider, storedZone(db));
  for (const [index, payer] of payers.entries()) {
    for (let n = 1 + Math.floor(random() * MAX_ORDERS); n > 0; n--) {
      at = Date.now() - Math.floor(random() * 90 * DAY);
      const amount = amounts[Math.floor(random() * amounts.length)]!;
      const { order } = await topUps.create(payer.id, { amount, channel: random() < 0.6 ? 'wechat' : 'alipay', idempotency_key: `demo-${index}-${n}` });
      const fate = random();
      if (fate < 0.1) continue;
      at += 30_000 + Math.floor(random() * 300_000);
      const status = fate < 0.18 ? 'CLOSED' : 'SUCCESS';
      await topUps.notify(provider.notification({ order_no: order.order_no, trade_no: `FAKE${order.order_no.slice(2)}`, amount, status, paid_at: new Date(at).toISOString() }));
    }
  }
}

/** Withdrawals the demo starts with. */
const DEMO_WITHDRAWALS = 16;

/** A demo staff member acting from the server itself. */
const by = (staffId: number) => ({ staffId, ip: '127.0.0.1', readsBalances: true });

/** The super-admin, and the finance clerk (fin01) who is the second person of the demo's two-person steps. */
async function demoStaff(db: SeedContext['db']) {
  const [admin] = await db.select({ id: staff.id }).from(staff).where(eq(staff.isSuperAdmin, true)).limit(1);
  const [clerk] = await db.select({ id: staff.id }).from(staff).where(eq(staff.staffNum, 'fin01')).limit(1);
  return admin && clerk ? { admin: admin.id, clerk: clerk.id } : undefined;
}

/**
 * The demo's withdrawals, by the real flow (docs/finance.md › Withdrawals): applications of users with money, some
 * still to review, some approved by the super-admin, most then paid out by the finance clerk through the fake payout
 * provider (the demo's money moves without FAKE_PAYMENTS: no HTTP page is involved), a few rejected with a reason.
 * Only while there are none, and only with the finance clerk there to pay.
 */
export async function seedWithdrawals({ db, demo }: SeedContext): Promise<void> {
  // Applications imported with the opening balances (期初冻结) do not count: they are not the demo's.
  const made = await db.select({ id: financeWithdrawal.id }).from(financeWithdrawal).where(notLike(financeWithdrawal.idempotencyKey, 'opening:%')).limit(1);
  const people = demo && !made.length ? await demoStaff(db) : undefined;
  if (!people) return;
  const payers = await db
    .select({ id: users.id, name: users.name, available: sql<number>`(${availableSql})::float8` })
    .from(ledgerAccount)
    .innerJoin(users, eq(users.id, ledgerAccount.ownerId))
    .where(and(eq(ledgerAccount.kind, 'user_cash'), eq(users.locked, false), gte(availableSql, 20_000)))
    .orderBy(asc(users.id))
    .limit(DEMO_WITHDRAWALS);
  const random = seeded(20261127);
  let at = Date.now() - 30 * DAY;
  const clock: Clock = { now: () => new Date(at) };
  const withdrawals = new WithdrawalService(db, clock, new Ledger(db, clock), new FakePayoutProvider(), storedZone(db));
  for (const [index, payer] of payers.entries()) {
    at = Date.now() - Math.floor(random() * 30 * DAY);
    const payoutType = 1 + Math.floor(random() * 3);
    const w = await withdrawals.apply(payer.id, {
      amount: Math.max(100, Math.floor((payer.available * (0.1 + random() * 0.5)) / 100) * 100),
      payout_type: payoutType,
      account_name: payer.name,
      account_no: payoutType === 1 ? `62220200${String(10_000_000 + index * 7_919).slice(0, 8)}` : `1380000${String(1000 + index).padStart(4, '0')}`,
      idempotency_key: `demo-withdrawal-${index}`,
    });
    // Of every eight: two still to review, one rejected, one approved and waiting, four paid out.
    const fate = index % 8;
    if (fate < 2) continue;
    at += 3_600_000 + Math.floor(random() * 86_400_000);
    if (fate === 2) {
      await withdrawals.reject(w.withdraw_no, '收款账户信息有误，请核对后重新申请', by(people.admin));
      continue;
    }
    await withdrawals.approve(w.withdraw_no, by(people.admin));
    if (fate === 3) continue;
    at += 600_000;
    await withdrawals.pay(w.withdraw_no, by(people.clerk));
  }
}

/** A purchase or spending beyond the user's means is refused as it would be in the app; the demo moves on. */
function refusedIsFine(err: unknown): void {
  if (!(err instanceof AppError && err.code === 40900)) throw err;
}

/** Users of the demo who earn, buy packages and spend beans. */
const DEMO_BOOK_USERS = 30;
const EARNING_REASONS = ['推广佣金', '邀请奖励', '活动奖励', '内容分成'];

/**
 * The demo's books (docs/finance.md › Books), by the real flows: earnings posted to users (commissions, a few
 * credited by hand by the super-admin, some in beans), package purchases with users' balances, and beans spent on the
 * paid features. Only while no such posting exists.
 */
export async function seedBookActivity({ db, demo }: SeedContext): Promise<void> {
  if (!demo) return;
  const made = await db.select({ id: ledgerTransfer.id }).from(ledgerTransfer).where(inArray(ledgerTransfer.kind, ['earning', 'bean_earning', 'bean_purchase', 'bean_spend'])).limit(1);
  if (made.length) return;
  const [staffer] = await db.select({ id: staff.id }).from(staff).where(eq(staff.isSuperAdmin, true)).limit(1);
  const people = await db.select({ id: users.id }).from(users).where(eq(users.locked, false)).orderBy(asc(users.id)).limit(DEMO_BOOK_USERS);
  const packages = await db.select({ id: financePackage.id, price: financePackage.price }).from(financePackage).where(eq(financePackage.enabled, true));
  const features = await db.select({ code: financeFunctionCharge.code }).from(financeFunctionCharge).where(eq(financeFunctionCharge.enabled, true));
  const random = seeded(20261128);
  let at = Date.now() - 60 * DAY;
  const clock: Clock = { now: () => new Date(at) };
  const ledger = new Ledger(db, clock);
  const earnings = new EarningService(db, ledger);
  const beans = new BeanPurchaseService(db, ledger);
  for (const [index, person] of people.entries()) {
    at = Date.now() - Math.floor(random() * 60 * DAY);
    const reason = EARNING_REASONS[index % EARNING_REASONS.length]!;
    const amount = 500 + Math.floor(random() * 200) * 100;
    if (staffer && index % 5 === 0) await earnings.credit('cash', { user_id: person.id, amount, reason, idempotency_key: `demo-credit-${index}` }, { staffId: staffer.id, ip: '127.0.0.1' });
    else await earnings.post({ userId: person.id, amount, memo: reason, idempotencyKey: `demo-earning-${index}` });
    if (index % 3 === 0) {
      at += 3_600_000;
      await earnings.postBeans({ userId: person.id, amount: 10 + Math.floor(random() * 20) * 10, memo: '签到奖励', idempotencyKey: `demo-bean-earning-${index}` });
    }
    if (packages.length && index % 2 === 0) {
      at += 86_400_000;
      const pkg = packages[Math.floor(random() * packages.length)]!;
      await beans.buyPackage(person.id, { package_id: pkg.id, idempotency_key: `demo-package-${index}` }).catch(refusedIsFine);
    }
    for (let n = 0; features.length && n < 3; n++) {
      at += 3_600_000 + Math.floor(random() * 86_400_000);
      const feature = features[Math.floor(random() * features.length)]!;
      await beans.spendBeans(person.id, { feature_code: feature.code, quantity: 1 + Math.floor(random() * 3), idempotency_key: `demo-spend-${index}-${n}` }).catch(refusedIsFine);
    }
  }
}

/** The demo's adjustments: what each shows in 调账记录. */
const DEMO_ADJUSTMENTS = [
  { currency: 'CNY', direction: 'credit', amount: 5_000, reason: '补发活动奖励', fate: 'posted' },
  { currency: 'BEAN', direction: 'credit', amount: 200, reason: '客诉补偿金豆', fate: 'posted' },
  { currency: 'CNY', direction: 'debit', amount: 2_000, reason: '重复发放的奖励收回', fate: 'posted' },
  { currency: 'CNY', direction: 'credit', amount: 200_000, reason: '线下打款补记', fate: 'approved' },
  { currency: 'CNY', direction: 'credit', amount: 150_000, reason: '渠道返利补发', fate: 'pending' },
  { currency: 'BEAN', direction: 'credit', amount: 20_000, reason: '大客户活动赠送', fate: 'rejected' },
] as const;

/**
 * The demo's adjustments, by the real flow (docs/finance.md › Adjustments): small ones the super-admin posted at once,
 * and above the approval amount one approved and one rejected by the finance clerk (fin01), one still waiting. Only
 * while there are none, and only with the finance clerk there to approve.
 */
export async function seedAdjustments({ db, demo }: SeedContext): Promise<void> {
  if (!demo || (await db.select({ id: financeAdjustment.id }).from(financeAdjustment).limit(1)).length) return;
  const staffOf = await demoStaff(db);
  if (!staffOf) return;
  const { admin, clerk } = staffOf;
  const people = await db
    .select({ id: users.id })
    .from(ledgerAccount)
    .innerJoin(users, eq(users.id, ledgerAccount.ownerId))
    .where(and(eq(ledgerAccount.kind, 'user_cash'), eq(users.locked, false), gte(availableSql, 10_000)))
    .orderBy(asc(users.id))
    .limit(DEMO_ADJUSTMENTS.length);
  let at = Date.now() - 20 * DAY;
  const clock: Clock = { now: () => new Date(at) };
  const adjustments = new AdjustmentService(db, clock, new Ledger(db, clock), new SettingsStore(db), storedZone(db));
  for (const [index, person] of people.entries()) {
    const { fate, ...adjustment } = DEMO_ADJUSTMENTS[index]!;
    at += 2 * DAY;
    const made = await adjustments.apply(by(admin), { user_id: person.id, ...adjustment, idempotency_key: `demo-adjustment-${index}` });
    at += 3_600_000;
    if (fate === 'approved') await adjustments.approve(made.adjustment_no, by(clerk));
    if (fate === 'rejected') await adjustments.reject(made.adjustment_no, '金额与活动方案不符，请核对后重新申请', by(clerk));
  }
}

import { financeCalls, topUpCalls, topUpRecordCalls, withdrawalAppCalls, withdrawalCalls } from '@juqi/contract';
import { lazyService } from '../../lib/http/types';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/http/route';
import { Ledger } from '../../lib/ledger/ledger';
import type { ServerModule } from '../../lib/module';
import { actorOf } from './actor';
import { adjustmentRoutes } from './adjustments';
import { ledgerBookRoutes } from './book-routes';
import { FakePaymentProvider, FakePayoutProvider } from './payments';
import { reconciliationRoutes } from './reconciliation';
import { FinanceReviews } from './reviews';
import { FinanceService } from './service';
import { financeSettingsRoutes } from './settings';
import { seedFinanceSettings } from './settings-seed';
import { TopUpService } from './top-up';
import { seedAdjustments, seedBookActivity, seedTopUps, seedWithdrawals } from './demo-seed';
import { sendRecords } from '../../lib/records/record-list';
import { topUpWorkbook, withdrawalWorkbook } from './record-exports';
import { topUpDetails, topUpRecordList } from './top-up-records';
import { withdrawalDetails, withdrawalRecordList } from './withdrawal-records';
import { WithdrawalService } from './withdrawals';

/**
 * Finance (docs/finance.md): the ledger's reads for staff (试算平衡, account statements) and the flows that post to
 * it — top-ups paid through the payment provider, withdrawals paid out through the payout provider; adjustments
 * build on the same engine.
 */
export const financeModule: ServerModule = {
  name: 'finance',
  routes: async (app) => {
    const service = new FinanceService(app.database.db);
    const ledger = new Ledger(app.database.db, app.clock);
    // The fake providers only when FAKE_PAYMENTS=1 asks for them; no real one is set up otherwise (docs/finance.md › Payments).
    const fakePayments = app.config.fakePayments ? new FakePaymentProvider(app.config.fakePaySecret) : null;
    const timeZone = lazyService(app.access, 'timeZone', 'settings');
    const zone = () => timeZone.current();
    const topUps = new TopUpService(app.database.db, app.clock, ledger, fakePayments, zone);
    // The two-person steps in the approvers' to-dos, and their notices (docs/finance.md › Two-person steps in the to-dos).
    const reviews = new FinanceReviews(app.database.db, lazyService(app.access, 'grants', 'power'), lazyService(app.access, 'systemEvents', 'inform'), app.log);
    const payouts = app.config.fakePayments ? new FakePayoutProvider() : null;

    financeSettingsRoutes(app);
    const adjustments = adjustmentRoutes(app, ledger, reviews);
    reviews.provide(app.access.reviews, adjustments, payouts !== null);
    ledgerBookRoutes(app, ledger);
    reconciliationRoutes(app);
    route(app, financeCalls.userLookup, ({ body, principal }) => service.userLookup(body.keyword, principal!));
    route(app, financeCalls.trialBalance, () => service.trialBalance());
    route(app, financeCalls.userStatement, ({ body }) => service.userStatement(body.user_id, body.currency, body.page, body.limit));

    const topUpRecords = topUpRecordList(app.database.db);
    route(app, topUpRecordCalls.list, async ({ body: { page, limit, ...filter } }) => topUpRecords.page(filter, await timeZone.current(), page, limit));
    route(app, topUpRecordCalls.details, ({ body }) => topUpDetails(app.database.db, body.order_no));
    route(app, topUpRecordCalls.export, async ({ body, reply }) => {
      await sendRecords(reply, topUpRecords, body, topUpWorkbook);
      return null;
    });

    const withdrawals = new WithdrawalService(app.database.db, app.clock, ledger, payouts, zone, reviews, () => app.access.commissionDues);
    route(app, withdrawalAppCalls.apply, ({ body, appUser }) => withdrawals.apply(appUser!.userId, body));
    route(app, withdrawalAppCalls.status, ({ body, appUser }) => withdrawals.status(appUser!.userId, body.withdraw_no));
    const withdrawalRecords = withdrawalRecordList(app.database.db);
    route(app, withdrawalCalls.list, async ({ body: { page, limit, ...filter } }) => withdrawalRecords.page(filter, await timeZone.current(), page, limit));
    route(app, withdrawalCalls.details, (ctx) => withdrawalDetails(app.database.db, ctx.body.withdraw_no, actorOf(ctx)));
    route(app, withdrawalCalls.export, async ({ body, reply }) => {
      await sendRecords(reply, withdrawalRecords, body, withdrawalWorkbook);
      return null;
    });
    route(app, withdrawalCalls.approve, (ctx) => withdrawals.approve(ctx.body.withdraw_no, actorOf(ctx)));
    route(app, withdrawalCalls.pay, (ctx) => withdrawals.pay(ctx.body.withdraw_no, actorOf(ctx)));
    route(app, withdrawalCalls.reject, (ctx) => withdrawals.reject(ctx.body.withdraw_no, ctx.body.reason, actorOf(ctx)));

    route(app, topUpCalls.create, ({ body, appUser }) => topUps.create(appUser!.userId, body));
    route(app, topUpCalls.status, ({ body, appUser }) => topUps.status(appUser!.userId, body.order_no));
    route(app, topUpCalls.notifyFake, ({ body }) => {
      if (!fakePayments) throw AppError.notFound();
      return topUps.notify(body);
    });
    // The fake provider's checkout: the signed-in owner pays their own order, and the provider notifies the payment.
    route(app, topUpCalls.fakePay, async ({ body, appUser }) => {
      if (!fakePayments) throw AppError.notFound();
      const order = await topUps.status(appUser!.userId, body.order_no);
      if (order.provider !== fakePayments.name) throw AppError.notFound();
      const paidAt = app.clock.now().toISOString();
      return topUps.notify(fakePayments.notification({ order_no: order.order_no, trade_no: `FAKE${order.order_no.slice(2)}`, amount: order.amount, status: 'SUCCESS', paid_at: paidAt }));
    });
  },
  // The settings first: the demo's top-ups are made at the presets' amounts.
  seed: async (ctx) => {
    await seedFinanceSettings(ctx);
    await seedTopUps(ctx);
    await seedWithdrawals(ctx);
    await seedBookActivity(ctx);
    await seedAdjustments(ctx);
  },
};

import { functionCharge, LEDGER_BOOK_CODES, LEDGER_BOOKS, topUpPackage } from '@juqi/contract';
import { lazy } from 'react';
import type { WebModule } from '../../lib/web-module';
import { resourcePage } from '../../components/resource';

/**
 * A user's 账户流水 (balance or beans, and the ledger's entries), for another module's screen (the user detail) to
 * mount inside Suspense: fetched when first shown.
 */
export const UserAccountStatement = lazy(() => import('./components/user-statement').then((m) => ({ default: m.UserAccountStatement })));

/** Where a finance record a notification or a to-do is about is decided, and the queries showing it. */
export { financeSubjectLink, financeSubjectQueries } from './subjects';

const pages = () => import('./pages');

/** Finance (docs/finance.md): the records of money moved through the ledger, users' account statements, and 财务设置. */
export const financeWebModule: WebModule = {
  name: 'finance',
  pages: {
    '/finance/user_recharge': { load: () => pages().then((m) => ({ default: m.RechargeRecordsPage })), queryIsState: true },
    '/finance/adjustment': { load: () => import('./pages/adjustment-page').then((m) => ({ default: m.AdjustmentRecordsPage })), queryIsState: true },
    '/finance/agency_withdraw': { load: () => pages().then((m) => ({ default: m.WithdrawRecordsPage })), queryIsState: true },
    '/finance/reconciliation': { load: () => import('./pages/reconciliation-page').then((m) => ({ default: m.ReconciliationPage })), queryIsState: true },
    '/permission/finance/recharge': { load: () => import('./settings/recharge-settings-page').then((m) => ({ default: m.RechargeSettingsPage })), queryIsState: true },
    '/permission/finance/package': resourcePage(topUpPackage),
    '/permission/finance/function_charge': resourcePage(functionCharge),
    ...Object.fromEntries(LEDGER_BOOK_CODES.map((book) => [LEDGER_BOOKS[book].menu, { load: () => import('./pages/book-page').then((m) => ({ default: m.bookPages[book] })), queryIsState: true }])),
  },
};

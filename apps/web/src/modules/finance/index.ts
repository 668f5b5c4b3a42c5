import { lazy } from 'react';
import type { WebModule } from '../../app/web-module';

/**
 * A user's 账户流水 (balance or beans, and the ledger's entries), for another module's screen (the user detail) to
 * mount inside Suspense: fetched when first shown.
 */
export const UserAccountStatement = lazy(() => import('./components/user-statement').then((m) => ({ default: m.UserAccountStatement })));

/** Finance (docs/finance.md): the ledger's account statements now; the /finance record screens build on them. */
export const financeWebModule: WebModule = {
  name: 'finance',
  pages: {},
};

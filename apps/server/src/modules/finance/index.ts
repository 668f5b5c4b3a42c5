import { financeCalls } from '@juqi/contract';
import { route } from '../../lib/http/route';
import type { ServerModule } from '../../lib/module';
import { FinanceService } from './service';

/**
 * Finance: the ledger's reads for staff (试算平衡, account statements) now; the flows that post to it (top-ups,
 * withdrawals, adjustments) and the finance screens build on the same engine, lib/ledger (docs/finance.md).
 */
export const financeModule: ServerModule = {
  name: 'finance',
  routes: async (app) => {
    const service = new FinanceService(app.database.db);
    route(app, financeCalls.trialBalance, () => service.trialBalance());
    route(app, financeCalls.userStatement, ({ body }) => service.userStatement(body.user_id, body.currency, body.page, body.limit));
  },
};

import { financeSettingsCalls, functionCharge, rechargePreset, topUpPackage, yuanText, type RechargeLimits } from '@juqi/contract';
import { asc, desc, gt, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../lib/audit/record';
import { resourceRoutes } from '../../lib/crud/resource-routes';
import { lockFor } from '../../lib/db/advisory-lock';
import type { Executor } from '../../lib/db/client';
import { AppError, Refusals } from '../../lib/errors';
import { route } from '../../lib/http/route';
import { SettingsStore } from '../../lib/settings/store';
import { financeFunctionCharge, financePackage, financeRechargePreset } from './settings-table';

const LIMITS = 'finance_recharge';

/**
 * A preset's write and a change of the limits take this lock first, so neither checks against what the other is
 * about to change: every preset stays within the limits on PostgreSQL's concurrent writes too.
 */
const lockRecharge = (tx: Executor) => lockFor(tx, 'finance:recharge');

const range = (limits: RechargeLimits) => `${yuanText(limits.min_amount)}–${yuanText(limits.max_amount)}`;

/**
 * 财务设置 (docs/finance.md › Settings): the three resources, and the top-up limits, a settings document every top-up
 * preset lies within. A preset outside them is 40000 naming `amount`; limits that would leave a preset outside are
 * 40000 naming each bound it would cross.
 */
export function financeSettingsRoutes(app: FastifyInstance): void {
  const db = app.database.db;
  const store = new SettingsStore(db);

  resourceRoutes(app, rechargePreset, financeRechargePreset, {
    async beforeWrite(values, { tx }) {
      // An edit that leaves the amount as it is keeps a preset that lies within the limits already.
      if (typeof values.amount !== 'number') return;
      await lockRecharge(tx);
      const limits = await store.get(LIMITS, tx);
      if (values.amount < limits.min_amount || values.amount > limits.max_amount)
        throw AppError.invalid('amount', { 'zh-CN': `须在充值限额 ${range(limits)} 之内`, 'en-US': `must lie within the top-up limits, ${range(limits)}` });
    },
  });
  resourceRoutes(app, topUpPackage, financePackage);
  resourceRoutes(app, functionCharge, financeFunctionCharge);

  route(app, financeSettingsCalls.rechargeLimitsDetails, () => store.get(LIMITS));
  route(app, financeSettingsCalls.rechargeLimitsEdit, ({ body, principal, request }) =>
    db.transaction(async (tx) => {
      await lockRecharge(tx);
      const amount = financeRechargePreset.amount;
      const refusals = new Refusals();
      const [below] = await tx.select({ amount }).from(financeRechargePreset).where(lt(amount, body.min_amount)).orderBy(asc(amount)).limit(1);
      if (below) {
        const preset = yuanText(below.amount);
        refusals.add('min_amount', { 'zh-CN': `充值档位 ${preset} 低于此金额，请先修改或删除该档位`, 'en-US': `the top-up preset ${preset} lies below it: change or delete that preset first` });
      }
      const [above] = await tx.select({ amount }).from(financeRechargePreset).where(gt(amount, body.max_amount)).orderBy(desc(amount)).limit(1);
      if (above) {
        const preset = yuanText(above.amount);
        refusals.add('max_amount', { 'zh-CN': `充值档位 ${preset} 高于此金额，请先修改或删除该档位`, 'en-US': `the top-up preset ${preset} lies above it: change or delete that preset first` });
      }
      refusals.throwIfAny();
      const before = await store.get(LIMITS, tx);
      const after = await store.set(LIMITS, body, tx);
      await recordAudit(tx, { staffId: principal!.staffId, action: 'finance.settings.recharge.edit', target: `settings:${LIMITS}`, detail: { before, after }, ip: request.ip });
      return after;
    }),
  );
}

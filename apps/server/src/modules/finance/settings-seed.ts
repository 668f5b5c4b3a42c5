import { CHARGE_UNITS, type RechargeLimits } from '@juqi/contract';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../lib/db/client';
import type { SeedContext } from '../../lib/module';
import { SettingsStore } from '../../lib/settings/store';
import { appSetting } from '../../lib/settings/table';
import { financeFunctionCharge, financePackage, financeRechargePreset } from './settings-table';

const yuan = (amount: number) => amount * 100;

/** The demo's top-up limits: ¥ 10.00–¥ 5,000.00 a top-up. */
const DEMO_LIMITS: RechargeLimits = { min_amount: yuan(10), max_amount: yuan(5000) };

/** The amounts offered on the demo's top-up page, the larger ones with more bonus beans. */
const DEMO_PRESETS = [
  { amount: yuan(10), bonusBeans: 0 },
  { amount: yuan(30), bonusBeans: 30 },
  { amount: yuan(50), bonusBeans: 60 },
  { amount: yuan(100), bonusBeans: 150 },
  { amount: yuan(200), bonusBeans: 400 },
  { amount: yuan(500), bonusBeans: 1200 },
];

const DEMO_PACKAGES = [
  { name: '入门套餐', price: yuan(68), beans: 680, bonusBeans: 20, description: '适合初次体验：智能标题与关键词挖掘约 100 次' },
  { name: '进阶套餐', price: yuan(198), beans: 1980, bonusBeans: 120, description: '适合日常运营的个人与小团队' },
  { name: '专业套餐', price: yuan(598), beans: 5980, bonusBeans: 600, description: '适合多账号运营，另赠 600 金豆' },
];

const DEMO_CHARGES = [
  { code: 'ai.title', name: '智能标题生成', priceBeans: 5, unit: CHARGE_UNITS.use, remark: '每生成一组标题计一次' },
  { code: 'ai.copywriting', name: '智能文案', priceBeans: 8, unit: CHARGE_UNITS.use, remark: '' },
  { code: 'seo.keyword_mining', name: '关键词挖掘', priceBeans: 10, unit: CHARGE_UNITS.use, remark: '每次挖掘返回至多 200 个关键词' },
  { code: 'publish.auto', name: '自动发布', priceBeans: 300, unit: CHARGE_UNITS.month, remark: '按账号计，每月' },
];

const isEmpty = async (tx: Executor, table: PgTable) => (await tx.select().from(table).limit(1)).length === 0;

/**
 * 财务设置's demo rows. A table is seeded only while it is empty, and the limits only while unset: a preset or package
 * staff deleted must not come back on the users' top-up page at the next start. Presets keep within the limits.
 */
export async function seedFinanceSettings({ db, demo }: SeedContext): Promise<void> {
  if (!demo) return;
  await db.transaction(async (tx) => {
    await tx.insert(appSetting).values({ key: 'finance_recharge', value: DEMO_LIMITS }).onConflictDoNothing({ target: appSetting.key });
    const limits = await new SettingsStore(tx).get('finance_recharge', tx);
    const presets = DEMO_PRESETS.filter(({ amount }) => amount >= limits.min_amount && amount <= limits.max_amount);
    if (presets.length && (await isEmpty(tx, financeRechargePreset))) {
      await tx.insert(financeRechargePreset).values(presets.map((preset, index) => ({ ...preset, sort: (index + 1) * 10 })));
    }
    if (await isEmpty(tx, financePackage)) await tx.insert(financePackage).values(DEMO_PACKAGES.map((pack, index) => ({ ...pack, sort: (index + 1) * 10 })));
    if (await isEmpty(tx, financeFunctionCharge)) await tx.insert(financeFunctionCharge).values(DEMO_CHARGES);
  });
}

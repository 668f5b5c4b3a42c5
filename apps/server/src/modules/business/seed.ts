import { eq, sql } from 'drizzle-orm';
import type { SeedContext } from '../../lib/module';
import { business, businessPackage } from './table';

type DemoPackage = [name: string, priceYuan: number, days: number, quota: number];

/**
 * The demo's businesses, each with its packages: [name, industry served (a top-level industry, or none), summary, on
 * sale, packages]. The last is off sale, so the screens show one.
 */
const DEMO_BUSINESSES: [string, string | null, string, boolean, DemoPackage[]][] = [
  ['短视频代运营', null, '抖音、快手、视频号账号的策划、拍摄、剪辑与发布', true, [['基础版', 2980, 30, 8], ['标准版', 5980, 30, 20], ['旗舰版', 12800, 30, 45]]],
  ['小红书种草', '美业美容', '达人笔记投放与品牌号运营', true, [['体验包', 1680, 15, 5], ['月度包', 4980, 30, 20]]],
  ['本地生活团购代运营', '餐饮美食', '美团、抖音团购的上架、活动与评价维护', true, [['单店版', 1980, 30, 0], ['连锁版', 6800, 30, 0]]],
  ['企业官网建设', '科技互联网', '响应式官网设计、开发、备案与一年维护', true, [['模板站', 3800, 365, 1], ['定制站', 19800, 365, 1]]],
  ['直播带货代播', '电商零售', '主播、场控与直播间搭建，按场次服务', true, [['10 场', 8800, 30, 10], ['30 场', 23800, 90, 30]]],
  ['搜索引擎推广', null, '百度、360 搜索竞价账户托管', false, [['托管版', 2500, 30, 0]]],
];

export async function seedBusiness({ db, demo }: SeedContext): Promise<void> {
  if (!demo) return;
  await db
    .insert(business)
    .values(
      DEMO_BUSINESSES.map(([name, industry, summary, enabled], index) => ({
        name,
        // The industry tree is the general module's (seeded before this one): a top-level industry by its name, or
        // none where staff have renamed or deleted it.
        industryId: industry ? sql`(select id from general_industry where name = ${industry} and parent_id is null)` : null,
        summary,
        content: `<p>${summary}。</p>`,
        sort: (index + 1) * 10,
        enabled,
      })),
    )
    .onConflictDoNothing({ target: business.name });
  for (const [name, , , , packages] of DEMO_BUSINESSES) {
    const [owner] = await db.select({ id: business.id }).from(business).where(eq(business.name, name));
    if (!owner) continue;
    await db
      .insert(businessPackage)
      .values(packages.map(([packageName, yuan, durationDays, quota], index) => ({ businessId: owner.id, name: packageName, price: yuan * 100, durationDays, quota, sort: (index + 1) * 10 })))
      .onConflictDoNothing({ target: [businessPackage.businessId, businessPackage.name] });
  }
}

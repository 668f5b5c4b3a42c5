import type { SeedContext } from '../../lib/module';
import { MATERIAL_STATES, PLATFORM } from '@juqi/contract';
import { extensionLabel, material, publishAccount, publishWindow, titleTemplate } from './table';

/** Title templates of the kind a local-services content team writes, for the demo. */
const DEMO_TEMPLATES: { name: string; content: string }[] = [
  { name: '城市推荐', content: '{city}{keyword}哪家好？{date}最新口碑推荐' },
  { name: '行业榜单', content: '{industry}必看：{city}十大{keyword}排行榜' },
  { name: '价格问答', content: '{city}{keyword}多少钱？看完这篇心里有数' },
  { name: '避坑指南', content: '选{keyword}前必看的5个避坑要点' },
];

export async function seedPublishing({ db, demo }: SeedContext): Promise<void> {
  if (!demo) return;
  await db
    .insert(titleTemplate)
    .values(DEMO_TEMPLATES.map((template, index) => ({ ...template, sort: (index + 1) * 10 })))
    .onConflictDoNothing({ target: titleTemplate.name });
  await db
    .insert(extensionLabel)
    .values([
      { name: '地域词', color: '#1677ff', sort: 10 },
      { name: '疑问词', color: '#fa8c16', sort: 20 },
      { name: '长尾词', color: '#52c41a', sort: 30 },
    ])
    .onConflictDoNothing({ target: extensionLabel.name });
  // An account that needs no credential: the product's own feed (its address is made from 账号管理 when wanted).
  const [feed] = await db
    .insert(publishAccount)
    .values({ name: '官网资讯订阅', platform: PLATFORM.feed, dailyQuota: 20, minGap: 30, remark: '官网“行业资讯”栏目读取的 Atom 订阅源' })
    .onConflictDoNothing({ target: publishAccount.name })
    .returning({ id: publishAccount.id });
  // Its posting windows, added with it: weekday mornings and every evening.
  if (feed)
    await db.insert(publishWindow).values([
      { accountId: feed.id, days: 2, start: '09:00', end: '12:00' },
      { accountId: feed.id, days: 1, start: '19:00', end: '22:00' },
    ]);
  // A material in each state but rejected, once (materials have no natural key: the first seed alone adds them).
  const [held] = await db.select({ id: material.id }).from(material).limit(1);
  if (!held)
    await db.insert(material).values([
      { title: '杭州装修公司哪家好？2026年最新口碑推荐', keyword: '装修公司', body: '<p>选装修公司先看资质、再看案例、最后看报价明细。</p>', state: MATERIAL_STATES.approved },
      { title: '选装修公司前必看的5个避坑要点', keyword: '装修公司', body: '<p>一、合同写明增项上限；二、分期付款……</p>', state: MATERIAL_STATES.reviewing },
      { title: '婚纱摄影多少钱？看完这篇心里有数', keyword: '婚纱摄影', body: '<p>套餐价格差异主要在底片数量与外景地。</p>', state: MATERIAL_STATES.draft },
    ]);
}

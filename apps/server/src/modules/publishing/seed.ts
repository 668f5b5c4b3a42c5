import type { SeedContext } from '../../lib/module';
import { PLATFORM } from '@juqi/contract';
import { publishAccount, titleTemplate } from './table';

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
  // An account that needs no credential: the product's own feed (its address is made from 账号管理 when wanted).
  await db
    .insert(publishAccount)
    .values({ name: '官网资讯订阅', platform: PLATFORM.feed, dailyQuota: 20, minGap: 30, remark: '官网“行业资讯”栏目读取的 Atom 订阅源' })
    .onConflictDoNothing({ target: publishAccount.name });
}

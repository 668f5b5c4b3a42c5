import { dayInZone, DEFAULT_TIME_ZONE } from '@juqi/contract';
import { inArray, sql } from 'drizzle-orm';
import type { SeedContext } from '../../lib/module';
import { keyword, keywordIndex, keywordType } from './table';

/** The kinds of keyword a content-marketing library is usually sorted into, for the demo. */
const DEMO_TYPES: { name: string; remark: string }[] = [
  { name: '行业词', remark: '行业与品类，如“装修公司”“少儿英语”' },
  { name: '地域词', remark: '城市、区县与商圈，与行业词组合使用' },
  { name: '品牌词', remark: '客户自己的品牌与产品名' },
  { name: '疑问词', remark: '“哪家好”“多少钱”等用户提问' },
  { name: '长尾词', remark: '搜索量小、意图明确的组合词' },
];

/** Demo keywords by type, each with the industry it belongs to where it has one. */
const DEMO_KEYWORDS: { type: string; word: string; industry?: string }[] = [
  { type: '行业词', word: '装修公司', industry: '家居建材' },
  { type: '行业词', word: '少儿英语', industry: '教育培训' },
  { type: '行业词', word: '火锅加盟', industry: '餐饮美食' },
  { type: '地域词', word: '杭州西湖区' },
  { type: '地域词', word: '上海徐汇' },
  { type: '疑问词', word: '哪家好' },
  { type: '疑问词', word: '多少钱' },
  { type: '长尾词', word: '老房翻新一般多少钱', industry: '家居建材' },
  { type: '长尾词', word: '少儿英语一对一哪家好', industry: '教育培训' },
];

export async function seedKeyword({ db, demo }: SeedContext): Promise<void> {
  if (!demo) return;
  await db
    .insert(keywordType)
    .values(DEMO_TYPES.map((type, index) => ({ ...type, sort: (index + 1) * 10 })))
    .onConflictDoNothing({ target: keywordType.name });
  const types = new Map((await db.select({ id: keywordType.id, name: keywordType.name }).from(keywordType)).map((type) => [type.name, type.id]));
  const rows = DEMO_KEYWORDS.flatMap(({ type, word, industry }) => {
    const typeId = types.get(type);
    // The industry tree is the general module's (seeded before this one): a top-level industry by its name.
    return typeId ? [{ typeId, word, industryId: industry ? sql<number>`(select id from general_industry where name = ${industry} and parent_id is null)` : null }] : [];
  });
  if (rows.length) await db.insert(keyword).values(rows).onConflictDoNothing({ target: [keyword.typeId, keyword.word] });
  await seedKeywordIndexes(db);
}

/** The demo keywords whose search index the demo shows: a daily index for 60 days and a monthly one for 12 months. */
const INDEXED = ['装修公司', '少儿英语', '火锅加盟'];

/** A smooth, repeatable index for the demo: a level per keyword, a weekly swing and a slow rise. */
const demoValue = (keywordAt: number, step: number, period: 'day' | 'month') =>
  Math.round((3000 + keywordAt * 1500) * (1 + 0.002 * step * (period === 'month' ? 30 : 1)) * (1 + 0.15 * Math.sin((step * 2 * Math.PI) / (period === 'month' ? 12 : 7))));

/** Index values for the demo keywords, ending today in the platform's zone; kept as they are once there. */
async function seedKeywordIndexes(db: SeedContext['db']): Promise<void> {
  const words = await db.select({ id: keyword.id, word: keyword.word }).from(keyword).where(inArray(keyword.word, INDEXED));
  const today = dayInZone(DEFAULT_TIME_ZONE);
  const [year, month, date] = today.split('-').map(Number) as [number, number, number];
  const day = (offset: number) => new Date(Date.UTC(year, month - 1, date - offset)).toISOString().slice(0, 10);
  const monthStart = (offset: number) => new Date(Date.UTC(year, month - 1 - offset, 1)).toISOString().slice(0, 10);
  const rows = words.flatMap(({ id, word }) => {
    const at = INDEXED.indexOf(word);
    return [
      ...Array.from({ length: 60 }, (_, i) => ({ keywordId: id, period: 1, periodStart: day(59 - i), value: demoValue(at, i, 'day'), source: '演示数据' })),
      ...Array.from({ length: 12 }, (_, i) => ({ keywordId: id, period: 3, periodStart: monthStart(11 - i), value: demoValue(at, i, 'month') * 30, source: '演示数据' })),
    ];
  });
  if (rows.length) await db.insert(keywordIndex).values(rows).onConflictDoNothing();
}

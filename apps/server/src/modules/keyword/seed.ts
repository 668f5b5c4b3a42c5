import type { SeedContext } from '../../lib/module';
import { keywordType } from './table';

/** The kinds of keyword a content-marketing library is usually sorted into, for the demo. */
const DEMO_TYPES: { name: string; remark: string }[] = [
  { name: '行业词', remark: '行业与品类，如“装修公司”“少儿英语”' },
  { name: '地域词', remark: '城市、区县与商圈，与行业词组合使用' },
  { name: '品牌词', remark: '客户自己的品牌与产品名' },
  { name: '疑问词', remark: '“哪家好”“多少钱”等用户提问' },
  { name: '长尾词', remark: '搜索量小、意图明确的组合词' },
];

export async function seedKeyword({ db, demo }: SeedContext): Promise<void> {
  if (!demo) return;
  await db
    .insert(keywordType)
    .values(DEMO_TYPES.map((type, index) => ({ ...type, sort: (index + 1) * 10 })))
    .onConflictDoNothing({ target: keywordType.name });
}

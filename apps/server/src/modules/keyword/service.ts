import { foldKeyword, INDEX_PERIODS, misalignedStart, INDEX_TREND_POINTS, startsPeriod, type DayRange, type IndexPeriod } from '@juqi/contract';
import { and, asc, desc, eq, gte, lte, ne } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import type { ResourceHooks } from '../../lib/crud/resource-routes';
import { AppError } from '../../lib/errors';
import { keyword, keywordIndex } from './table';

/** The type's keyword already kept: 40900 naming the word. */
const keywordTaken = () => AppError.conflict({ 'zh-CN': '该类型下已有此关键词', 'en-US': 'This type already holds the keyword' }, 'word');

/**
 * The master keywords' own rule (docs/publishing.md › Keyword library): a word is kept folded, and once within its type.
 * The unique index settles a race between two writes of one word.
 */
export const keywordRules: ResourceHooks = {
  async beforeWrite(values, { tx, before }) {
    if (typeof values.word === 'string') values.word = foldKeyword(values.word);
    const word = (values.word ?? before?.word) as string;
    const typeId = (values.type_id ?? before?.type_id) as number;
    const [held] = await tx
      .select({ id: keyword.id })
      .from(keyword)
      .where(and(eq(keyword.typeId, typeId), eq(keyword.word, word), before ? ne(keyword.id, before.id as number) : undefined))
      .limit(1);
    if (held) throw keywordTaken();
  },
};

/**
 * An index value's own rules (docs/publishing.md › Keyword library): its start begins its period, and a keyword has one
 * value per period and start (40900 naming the start; the unique index settles a race).
 */
export const keywordIndexRules: ResourceHooks = {
  async beforeWrite(values, { tx, before }) {
    const keywordId = (values.keyword_id ?? before?.keyword_id) as number;
    const period = (values.period ?? before?.period) as IndexPeriod;
    const start = (values.period_start ?? before?.period_start) as string;
    if (!startsPeriod(start, period)) throw AppError.invalid('period_start', misalignedStart(period));
    const [held] = await tx
      .select({ id: keywordIndex.id })
      .from(keywordIndex)
      .where(and(eq(keywordIndex.keywordId, keywordId), eq(keywordIndex.period, period), eq(keywordIndex.periodStart, start), before ? ne(keywordIndex.id, before.id as number) : undefined))
      .limit(1);
    if (held)
      throw AppError.conflict(
        { 'zh-CN': `该关键词已有此${INDEX_PERIODS.find((p) => p.value === period)!.label['zh-CN']}的指数`, 'en-US': 'The keyword has a value for this period already' },
        'period_start',
      );
  },
};

/** A keyword's values of one period kind within the days, oldest first: the latest INDEX_TREND_POINTS of them. */
export async function indexTrend(db: Executor, keywordId: number, period: IndexPeriod, days?: DayRange): Promise<{ period_start: string; value: number }[]> {
  const latest = db
    .select({ periodStart: keywordIndex.periodStart, value: keywordIndex.value })
    .from(keywordIndex)
    .where(and(eq(keywordIndex.keywordId, keywordId), eq(keywordIndex.period, period), days && gte(keywordIndex.periodStart, days[0]), days && lte(keywordIndex.periodStart, days[1])))
    .orderBy(desc(keywordIndex.periodStart))
    .limit(INDEX_TREND_POINTS)
    .as('latest');
  return db.select({ period_start: latest.periodStart, value: latest.value }).from(latest).orderBy(asc(latest.periodStart));
}

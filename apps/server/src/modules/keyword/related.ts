import { foldKeyword } from '@juqi/contract';
import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import { containing } from '../../lib/db/like';
import { generalIndustry } from '../../lib/db/schema';
import type { KeywordLibrary, RelatedKeyword } from '../../lib/http/types';
import { keyword, keywordIndex, keywordType } from './table';

/**
 * The library as 智能关键词 reads it (docs/publishing.md › Material): keywords related to a seed word — holding it, or
 * of the type and industry of the seed where the library holds the seed — highest latest index value first (the value
 * of the latest start entered, of any period), then by word; switched off and the seed itself left out.
 */
export function keywordLibrary(db: Executor): KeywordLibrary {
  return {
    async related(seed, { typeId, industryId, limit }) {
      const word = foldKeyword(seed);
      const kinds = await db.select({ typeId: keyword.typeId, industryId: keyword.industryId }).from(keyword).where(eq(keyword.word, word));
      const latest = db
        .select({ value: keywordIndex.value, period: keywordIndex.period, start: keywordIndex.periodStart })
        .from(keywordIndex)
        .where(eq(keywordIndex.keywordId, keyword.id))
        .orderBy(desc(keywordIndex.periodStart), asc(keywordIndex.period))
        .limit(1)
        .as('latest');
      const rows = await db
        .select({
          id: keyword.id,
          word: keyword.word,
          typeId: keyword.typeId,
          typeName: keywordType.name,
          industryId: keyword.industryId,
          industryName: generalIndustry.name,
          value: latest.value,
          period: latest.period,
          start: latest.start,
        })
        .from(keyword)
        .innerJoin(keywordType, eq(keywordType.id, keyword.typeId))
        .leftJoin(generalIndustry, eq(generalIndustry.id, keyword.industryId))
        .leftJoinLateral(latest, sql`true`)
        .where(
          and(
            eq(keyword.enabled, true),
            ne(keyword.word, word),
            typeId === undefined ? undefined : eq(keyword.typeId, typeId),
            industryId === undefined ? undefined : eq(keyword.industryId, industryId),
            or(
              ilike(keyword.word, containing(word)),
              ...kinds.map((kind) => and(eq(keyword.typeId, kind.typeId), kind.industryId === null ? isNull(keyword.industryId) : eq(keyword.industryId, kind.industryId))),
            ),
          ),
        )
        .orderBy(sql`${latest.value} desc nulls last`, asc(keyword.word), asc(keyword.id))
        .limit(limit);
      return {
        seed: word,
        seedKnown: kinds.length > 0,
        keywords: rows.map(
          (row): RelatedKeyword => ({
            id: row.id,
            word: row.word,
            type_id: row.typeId,
            type_name: row.typeName,
            industry_id: row.industryId,
            industry_name: row.industryName,
            index_value: row.value,
            index_period: row.period,
            index_start: row.start,
          }),
        ),
      };
    },
    async words(ids) {
      return ids.length ? db.select({ id: keyword.id, word: keyword.word }).from(keyword).where(inArray(keyword.id, ids)) : [];
    },
  };
}

import { foldKeyword } from '@juqi/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { ResourceHooks } from '../../lib/crud/resource-routes';
import { AppError } from '../../lib/errors';
import { keyword } from './table';

/** The type's keyword already kept: 40900 naming the word. */
export const keywordTaken = () => AppError.conflict({ 'zh-CN': '该类型下已有此关键词', 'en-US': 'This type already holds the keyword' }, 'word');

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

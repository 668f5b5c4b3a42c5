import type { CallData, ParsedBody, publishingCalls } from '@juqi/contract';
import { eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit/record';
import type { Executor } from '../../lib/db/client';
import { AppError } from '../../lib/errors';
import type { KeywordLibrary } from '../../lib/http/types';
import { extensionLabel, workingKeyword } from './table';

/**
 * 智能关键词 without a model (docs/publishing.md › Material): the library's keywords related to a seed word, each said
 * kept or not among the tool's keywords; the chosen added to them, remembering the library keyword each came from.
 * The model's expansions come with the large-model settings.
 */
export class SmartKeywords {
  constructor(
    private readonly db: Executor,
    private readonly library: KeywordLibrary,
  ) {}

  async suggest(body: ParsedBody<typeof publishingCalls.keywordSuggest>): Promise<CallData<typeof publishingCalls.keywordSuggest>> {
    const related = await this.library.related(body.seed, { typeId: body.type_id, industryId: body.industry_id, limit: body.limit });
    const words = related.keywords.map((one) => one.word);
    const kept = new Set(words.length ? (await this.db.select({ word: workingKeyword.word }).from(workingKeyword).where(inArray(workingKeyword.word, words))).map((row) => row.word) : []);
    return { source: 'library', seed: related.seed, seed_known: related.seedKnown, keywords: related.keywords.map((one) => ({ ...one, kept: kept.has(one.word) })) };
  }

  /** The chosen library keywords as the tool's keywords, once each (a word held already is unchanged), audited once. */
  async keep(body: ParsedBody<typeof publishingCalls.keywordKeep>, audit: { staffId: number; ip: string }): Promise<CallData<typeof publishingCalls.keywordKeep>> {
    const ids = [...new Set(body.library_ids)];
    const found = await this.library.words(ids);
    const absent = ids.find((id) => !found.some((one) => one.id === id));
    if (absent !== undefined) throw AppError.invalid('library_ids', { 'zh-CN': `总关键词库中没有关键词 ${absent}`, 'en-US': `the master library holds no keyword ${absent}` });
    if (body.label_id !== undefined && !(await this.db.select({ id: extensionLabel.id }).from(extensionLabel).where(eq(extensionLabel.id, body.label_id))).length)
      throw AppError.invalid('label_id', { 'zh-CN': `拓展词标签 ${body.label_id} 不存在`, 'en-US': `no extension tag ${body.label_id}` });
    // One library word may stand in several types: the tool keeps a word once.
    const byWord = new Map(found.map((one) => [one.word, one.id]));
    return this.db.transaction(async (tx) => {
      const added = await tx
        .insert(workingKeyword)
        .values([...byWord].map(([word, libraryId]) => ({ word, libraryId, labelId: body.label_id ?? null })))
        .onConflictDoNothing({ target: workingKeyword.word })
        .returning({ id: workingKeyword.id, word: workingKeyword.word });
      if (added.length)
        await recordAudit(tx, { staffId: audit.staffId, action: 'publishing.keyword.add', target: `publishing.keyword:${added.map((row) => row.id).join(',')}`, detail: { after: { words: added.map((row) => row.word), label_id: body.label_id ?? null } }, ip: audit.ip });
      return { added: added.length, unchanged: ids.length - added.length };
    });
  }
}

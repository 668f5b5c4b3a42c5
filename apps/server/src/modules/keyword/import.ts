import {
  calendarDay,
  foldKeyword,
  INDEX_IMPORT_COLUMNS,
  INDEX_IMPORT_MAX_BYTES,
  INDEX_IMPORT_MAX_ROWS,
  INDEX_PERIODS,
  INDEX_SOURCE_MAX,
  INDEX_VALUE_MAX,
  misalignedStart,
  startsPeriod,
  type IndexImportColumn,
  type IndexImportResult,
  type IndexPeriod,
  KEYWORD_IMPORT_COLUMNS,
  KEYWORD_IMPORT_MAX_BYTES,
  KEYWORD_IMPORT_MAX_ROWS,
  KEYWORD_IMPORT_PROBLEMS_SHOWN,
  KEYWORD_MAX,
  KEYWORD_REMARK_MAX,
  type KeywordImportColumn,
  type KeywordImportResult,
  type Locale,
  type Texts,
} from '@juqi/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../../lib/audit/record';
import type { Db, Executor } from '../../lib/db/client';
import { generalIndustry } from '../../lib/db/schema';
import { importRows } from '../../lib/import/columns';
import { CELL_REQUIRED, cellTooLong, ImportReport } from '../../lib/import/report';
import { sendImportTemplate } from '../../lib/import/template';
import { receiveWorkbook, type UploadedWorkbook } from '../../lib/import/upload';
import { readWorkbook } from '../../lib/import/workbook';
import { keyword, keywordIndex, keywordType } from './table';

/** Rows written by one statement: each column travels as one array, so a statement's size is not bound by parameters. */
const INSERT_BATCH = 10_000;

/** The import's upload: the shared one (lib/import/upload.ts) at this import's byte limit. */
export const uploadedKeywords = (request: FastifyRequest): Promise<UploadedWorkbook> => receiveWorkbook(request, KEYWORD_IMPORT_MAX_BYTES);

/** A keyword a row asks for, checked. */
interface ImportedKeyword {
  word: string;
  typeId: number;
  industryId: number | null;
  remark: string;
}

/**
 * The industries by the names a row may give: a name the tree holds once, and every industry as 上级/名称 (a
 * sub-industry under its parent), so a name held twice can still be named.
 */
async function industriesByName(db: Executor): Promise<Map<string, number | 'ambiguous'>> {
  const rows = await db.select({ id: generalIndustry.id, name: generalIndustry.name, parentId: generalIndustry.parentId }).from(generalIndustry);
  const nameOf = new Map(rows.map((row) => [row.id, row.name]));
  const byName = new Map<string, number | 'ambiguous'>();
  for (const { id, name, parentId } of rows) {
    byName.set(name, byName.has(name) ? 'ambiguous' : id);
    if (parentId !== null) byName.set(`${nameOf.get(parentId)}/${name}`, id);
  }
  return byName;
}

/**
 * 导入关键词 (docs/publishing.md › Keyword library): reads the workbook within its limits, checks every row, and answers
 * the keywords to add and how many rows name one kept already (in the library, or an earlier row) — or refuses the
 * whole file with its problems (the first KEYWORD_IMPORT_PROBLEMS_SHOWN listed). Reads only.
 */
export async function checkKeywordImport(db: Executor, file: UploadedWorkbook, locale: Locale): Promise<{ planned: ImportedKeyword[]; unchanged: number }> {
  const report = new ImportReport(locale, KEYWORD_IMPORT_PROBLEMS_SHOWN);
  const sheet = await readWorkbook(file.data, { maxRows: KEYWORD_IMPORT_MAX_ROWS, maxColumns: KEYWORD_IMPORT_COLUMNS.length });
  const { rows, header } = importRows(sheet, KEYWORD_IMPORT_COLUMNS, report);

  const types = new Map((await db.select({ id: keywordType.id, name: keywordType.name, enabled: keywordType.enabled }).from(keywordType)).map((type) => [type.name, type]));
  const industries = await industriesByName(db);
  const seen = new Set<string>();
  const planned: ImportedKeyword[] = [];
  let unchanged = 0;
  for (const { row, cell } of rows) {
    const before = report.count;
    const problem = (key: KeywordImportColumn, message: Texts) => report.add(row, key, header(key), message);
    const word = foldKeyword(cell('word'));
    if (!word) problem('word', CELL_REQUIRED);
    else if ([...word].length > KEYWORD_MAX) problem('word', cellTooLong(KEYWORD_MAX));
    const type = types.get(cell('type'));
    if (!type) problem('type', cell('type') ? { 'zh-CN': '没有此关键词类型', 'en-US': 'no such type' } : CELL_REQUIRED);
    else if (!type.enabled) problem('type', { 'zh-CN': '该关键词类型已停用', 'en-US': 'the type is switched off' });
    const industry = cell('industry') ? industries.get(cell('industry')) : null;
    if (industry === undefined) problem('industry', { 'zh-CN': '没有此行业', 'en-US': 'no such industry' });
    else if (industry === 'ambiguous') problem('industry', { 'zh-CN': '有多个同名行业，请写作“上级行业/行业”', 'en-US': 'several industries have this name: write it as parent/industry' });
    const remark = cell('remark');
    if ([...remark].length > KEYWORD_REMARK_MAX) problem('remark', cellTooLong(KEYWORD_REMARK_MAX));
    if (report.count > before || !type || industry === undefined || industry === 'ambiguous') continue;
    const key = `${type.id}\u0000${word}`;
    if (seen.has(key)) unchanged++;
    else {
      seen.add(key);
      planned.push({ word, typeId: type.id, industryId: industry, remark });
    }
  }
  report.refuseIfAny();
  return { planned, unchanged };
}

/**
 * Adds the checked keywords in one transaction, a statement per INSERT_BATCH rows; one its type holds already (in the
 * library before, or added by another write since the check) is counted unchanged. One audit entry says what was done.
 */
export async function addImportedKeywords(db: Db, checked: Awaited<ReturnType<typeof checkKeywordImport>>, fileName: string, by: { staffId: number; ip: string }): Promise<KeywordImportResult> {
  return db.transaction(async (tx) => {
    let count = 0;
    for (let at = 0; at < checked.planned.length; at += INSERT_BATCH) {
      const batch = checked.planned.slice(at, at + INSERT_BATCH);
      const made = (await tx.execute(sql`
        insert into ${keyword} (word, type_id, industry_id, remark)
        select * from unnest(${sql.param(batch.map((k) => k.word))}::text[], ${sql.param(batch.map((k) => k.typeId))}::int[], ${sql.param(batch.map((k) => k.industryId))}::int[], ${sql.param(batch.map((k) => k.remark))}::text[])
        on conflict (type_id, word) do nothing
        returning id`)) as unknown as { rows: { id: number }[] };
      count += made.rows.length;
    }
    const result = { added: count, unchanged: checked.unchanged + checked.planned.length - count };
    await recordAudit(tx, { staffId: by.staffId, action: 'keyword.keyword.import', target: 'keyword', detail: { file: fileName, ...result }, ip: by.ip });
    return result;
  });
}

/** The keyword import's workbook with its header row only. */
export const sendKeywordImportTemplate = (reply: FastifyReply): Promise<void> =>
  sendImportTemplate(reply, { fileName: { 'zh-CN': '导入关键词模板', 'en-US': 'keyword-import-template' }, sheetName: { 'zh-CN': '关键词', 'en-US': 'Keywords' }, columns: KEYWORD_IMPORT_COLUMNS, wide: 'remark' });

// ——— 导入指数 ———

/** The index import's upload, at its byte limit. */
export const uploadedIndexes = (request: FastifyRequest): Promise<UploadedWorkbook> => receiveWorkbook(request, INDEX_IMPORT_MAX_BYTES);

/** An index value a row asks for, checked. */
interface ImportedIndex {
  keywordId: number;
  period: IndexPeriod;
  start: string;
  value: number;
  source: string;
}

/** A start as a file may hold it: a date cell (read as its day), YYYY-MM-DD, or YYYY/M/D; a real calendar day. */
function dayOf(text: string): string | undefined {
  const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text);
  if (!match) return undefined;
  const day = `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
  return calendarDay.safeParse(day).success ? day : undefined;
}

/** A period by its name in either language or its code. */
const periodOf = (text: string): IndexPeriod | undefined =>
  INDEX_PERIODS.find((p) => p.label['zh-CN'] === text || p.label['en-US'].toLowerCase() === text.toLowerCase() || p.code === text.toLowerCase())?.value;

/**
 * 导入指数 (docs/publishing.md › Keyword library): reads the workbook within its limits and checks every row against
 * the library's keywords — or refuses the whole file with its problems (the first KEYWORD_IMPORT_PROBLEMS_SHOWN
 * listed). Reads only the keywords the file names.
 */
export async function checkIndexImport(db: Executor, file: UploadedWorkbook, locale: Locale): Promise<ImportedIndex[]> {
  const report = new ImportReport(locale, KEYWORD_IMPORT_PROBLEMS_SHOWN);
  const sheet = await readWorkbook(file.data, { maxRows: INDEX_IMPORT_MAX_ROWS, maxColumns: INDEX_IMPORT_COLUMNS.length });
  const { rows, header } = importRows(sheet, INDEX_IMPORT_COLUMNS, report);

  const words = [...new Set(rows.map(({ cell }) => foldKeyword(cell('word'))))];
  const held = await db
    .select({ id: keyword.id, word: keyword.word, type: keywordType.name })
    .from(keyword)
    .innerJoin(keywordType, eq(keywordType.id, keyword.typeId))
    .where(sql`${keyword.word} = any(${sql.param(words)}::text[])`);
  const byWord = new Map<string, typeof held>();
  for (const one of held) byWord.set(one.word, [...(byWord.get(one.word) ?? []), one]);
  const firstRowOf = new Map<string, number>();
  const planned: ImportedIndex[] = [];
  for (const { row, cell } of rows) {
    const before = report.count;
    const problem = (key: IndexImportColumn, message: Texts) => report.add(row, key, header(key), message);
    const word = foldKeyword(cell('word'));
    const ofWord = byWord.get(word) ?? [];
    const candidates = cell('type') ? ofWord.filter((one) => one.type === cell('type')) : ofWord;
    if (!word) problem('word', CELL_REQUIRED);
    else if (!ofWord.length) problem('word', { 'zh-CN': '总关键词库中没有此关键词', 'en-US': 'not in the master keyword library' });
    else if (!candidates.length) problem('type', { 'zh-CN': '该关键词不属于此类型', 'en-US': 'the keyword is not of this type' });
    else if (candidates.length > 1) problem('type', { 'zh-CN': '该关键词属于多个类型，请填写关键词类型', 'en-US': 'the keyword is of several types: give its type' });
    const period = periodOf(cell('period'));
    if (!period) problem('period', cell('period') ? { 'zh-CN': '周期须为“日”“周”或“月”', 'en-US': 'the period is day, week or month' } : CELL_REQUIRED);
    const start = dayOf(cell('period_start'));
    if (!start) problem('period_start', cell('period_start') ? { 'zh-CN': '须为日期，如 2026-12-07', 'en-US': 'a date such as 2026-12-07' } : CELL_REQUIRED);
    else if (period && !startsPeriod(start, period)) problem('period_start', misalignedStart(period));
    const value = /^\d{1,10}$/.test(cell('value')) ? Number(cell('value')) : Number.NaN;
    if (!(value <= INDEX_VALUE_MAX)) problem('value', cell('value') ? { 'zh-CN': `须为 0–${INDEX_VALUE_MAX} 的整数`, 'en-US': `a whole number 0–${INDEX_VALUE_MAX}` } : CELL_REQUIRED);
    const source = cell('source');
    if ([...source].length > INDEX_SOURCE_MAX) problem('source', cellTooLong(INDEX_SOURCE_MAX));
    if (report.count > before || candidates.length !== 1 || !period || !start) continue;
    const keywordId = candidates[0]!.id;
    const key = `${keywordId}:${period}:${start}`;
    const first = firstRowOf.get(key);
    if (first) {
      problem('period_start', { 'zh-CN': `与第 ${first} 行重复`, 'en-US': `repeats row ${first}` });
      continue;
    }
    firstRowOf.set(key, row);
    planned.push({ keywordId, period, start, value, source });
  }
  report.refuseIfAny();
  return planned;
}

/**
 * Writes the checked values in one transaction, INSERT_BATCH a statement: a new keyword, period and start is added; a
 * kept one is updated only where its value or source differs (PostgreSQL tells an added row by its `xmax` of 0). One
 * audit entry says what was done.
 */
export async function writeImportedIndexes(db: Db, planned: readonly ImportedIndex[], fileName: string, by: { staffId: number; ip: string }): Promise<IndexImportResult> {
  return db.transaction(async (tx) => {
    let added = 0;
    let updated = 0;
    for (let at = 0; at < planned.length; at += INSERT_BATCH) {
      const batch = planned.slice(at, at + INSERT_BATCH);
      const written = (await tx.execute(sql`
        insert into ${keywordIndex} (keyword_id, period, period_start, value, source)
        select * from unnest(${sql.param(batch.map((v) => v.keywordId))}::int[], ${sql.param(batch.map((v) => v.period))}::int[], ${sql.param(batch.map((v) => v.start))}::date[], ${sql.param(batch.map((v) => v.value))}::int[], ${sql.param(batch.map((v) => v.source))}::text[])
        on conflict (keyword_id, period, period_start) do update set value = excluded.value, source = excluded.source, updated_at = now()
          where (${keywordIndex}.value, ${keywordIndex}.source) is distinct from (excluded.value, excluded.source)
        returning (xmax = 0) as added`)) as unknown as { rows: { added: boolean }[] };
      for (const { added: isNew } of written.rows) if (isNew) added++;
      else updated++;
    }
    const result = { added, updated, unchanged: planned.length - added - updated };
    await recordAudit(tx, { staffId: by.staffId, action: 'keyword.index.import', target: 'keyword_index', detail: { file: fileName, ...result }, ip: by.ip });
    return result;
  });
}

/** The index import's workbook with its header row only. */
export const sendIndexImportTemplate = (reply: FastifyReply): Promise<void> =>
  sendImportTemplate(reply, { fileName: { 'zh-CN': '导入指数模板', 'en-US': 'index-import-template' }, sheetName: { 'zh-CN': '指数', 'en-US': 'Index' }, columns: INDEX_IMPORT_COLUMNS });

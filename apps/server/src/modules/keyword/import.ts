import {
  foldKeyword,
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
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordAudit } from '../../lib/audit/record';
import type { Db, Executor } from '../../lib/db/client';
import { generalIndustry } from '../../lib/db/schema';
import { keysetBatches } from '../../lib/export/batches';
import { sendWorkbook } from '../../lib/export/workbook';
import { importRows } from '../../lib/import/columns';
import { ImportReport } from '../../lib/import/report';
import { receiveWorkbook, type UploadedWorkbook } from '../../lib/import/upload';
import { readWorkbook } from '../../lib/import/workbook';
import { keyword, keywordType } from './table';

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

const REQUIRED: Texts = { 'zh-CN': '必填', 'en-US': 'required' };

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
    if (!word) problem('word', REQUIRED);
    else if ([...word].length > KEYWORD_MAX) problem('word', { 'zh-CN': `不能超过 ${KEYWORD_MAX} 个字`, 'en-US': `at most ${KEYWORD_MAX} characters` });
    const type = types.get(cell('type'));
    if (!type) problem('type', cell('type') ? { 'zh-CN': '没有此关键词类型', 'en-US': 'no such type' } : REQUIRED);
    else if (!type.enabled) problem('type', { 'zh-CN': '该关键词类型已停用', 'en-US': 'the type is switched off' });
    const industry = cell('industry') ? industries.get(cell('industry')) : null;
    if (industry === undefined) problem('industry', { 'zh-CN': '没有此行业', 'en-US': 'no such industry' });
    else if (industry === 'ambiguous') problem('industry', { 'zh-CN': '有多个同名行业，请写作“上级行业/行业”', 'en-US': 'several industries have this name: write it as parent/industry' });
    const remark = cell('remark');
    if ([...remark].length > KEYWORD_REMARK_MAX) problem('remark', { 'zh-CN': `不能超过 ${KEYWORD_REMARK_MAX} 个字`, 'en-US': `at most ${KEYWORD_REMARK_MAX} characters` });
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
  const added = await db.transaction(async (tx) => {
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
  return added;
}

/** The import's workbook with its header row only. */
export function sendKeywordImportTemplate(reply: FastifyReply): Promise<void> {
  return sendWorkbook<never>(reply, {
    fileName: { 'zh-CN': '导入关键词模板', 'en-US': 'keyword-import-template' },
    sheetName: { 'zh-CN': '关键词', 'en-US': 'Keywords' },
    columns: KEYWORD_IMPORT_COLUMNS.map((column) => ({ header: column.header, width: column.key === 'remark' ? 30 : 18, value: () => '' })),
    bytesPerRow: 60,
    open: () => Promise.resolve({ total: 0, batches: keysetBatches<never, number>(1, () => Promise.resolve([]), () => 0) }),
  });
}

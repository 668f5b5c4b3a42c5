import { ErrorCode } from '@juqi/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { contentMatches } from '../file-content';
import { megabytes, refusedWorkbook, WORKBOOK_FIELD } from './limits';

/** An uploaded workbook: its name as the client gave it, its bytes, and the text fields sent before it. */
export interface UploadedWorkbook {
  name: string;
  data: Buffer;
  fields: Record<string, string>;
}

/**
 * Reads the one `file` part of a multipart import: at most `maxBytes` (41300 beyond, counted while it streams in), an
 * .xlsx by name and by its bytes, by the rule the file module checks uploads with (lib/file-content.ts). Kept in
 * memory: it is small, and an import stores nothing of it. What is inside is checked by `readWorkbook`.
 */
export async function receiveWorkbook(request: FastifyRequest, maxBytes: number): Promise<UploadedWorkbook> {
  if (!request.isMultipart()) throw refusedWorkbook({ 'zh-CN': '请以 multipart/form-data 上传文件', 'en-US': 'send the file as multipart/form-data' });
  let name: string;
  let data: Buffer;
  const fields: Record<string, string> = {};
  try {
    const part = await request.file({ limits: { fileSize: maxBytes } });
    if (!part) throw refusedWorkbook({ 'zh-CN': '请选择文件', 'en-US': 'a file is required' });
    if (part.fieldname !== WORKBOOK_FIELD)
      throw AppError.invalid(part.fieldname, { 'zh-CN': `请在字段“${WORKBOOK_FIELD}”中上传文件`, 'en-US': `send the file in the field "${WORKBOOK_FIELD}"` });
    // The name goes into the audit entry only: its last path segment, without control characters (jsonb refuses NUL).
    name = (part.filename ?? '').split(/[/\\]/).pop()!.replace(/\p{Cc}/gu, '').slice(-200);
    data = await part.toBuffer();
    for (const [key, field] of Object.entries(part.fields))
      if (field && !Array.isArray(field) && field.type === 'field' && typeof field.value === 'string') fields[key] = field.value;
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(
        ErrorCode.PAYLOAD_TOO_LARGE,
        { 'zh-CN': `文件超过 ${megabytes(maxBytes)}`, 'en-US': `file: larger than ${megabytes(maxBytes)}` },
        { field: WORKBOOK_FIELD, max_bytes: maxBytes },
      );
    if (err instanceof AppError) throw err;
    throw refusedWorkbook({ 'zh-CN': '上传内容格式错误', 'en-US': 'malformed multipart body' });
  }
  if (!name.toLowerCase().endsWith('.xlsx')) throw refusedWorkbook({ 'zh-CN': '请上传 .xlsx 格式的工作簿', 'en-US': 'an .xlsx workbook is expected' });
  if (!data.length) throw refusedWorkbook({ 'zh-CN': '文件是空的', 'en-US': 'the file is empty' });
  if (!(await contentMatches(data, 'xlsx'))) throw refusedWorkbook({ 'zh-CN': '文件内容不是 .xlsx 工作簿', 'en-US': 'the content is not a .xlsx file' });
  return { name, data, fields };
}

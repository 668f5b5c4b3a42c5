import fs from 'node:fs';
import { IMAGE_EXTENSIONS } from '@juqi/contract';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type/node';

/**
 * What a file's bytes must look like for its extension: the file module checks every upload by these rules
 * (docs/help-and-files.md › Limits), and imports check their workbooks by the same (lib/import/upload.ts). `magic` lists the kinds file-type may detect for it; `text`
 * formats have no magic bytes, so the detector must find nothing and the start must read as text.
 */
interface ContentRule {
  /** The Content-Type it is served with. */
  mime: string;
  magic?: readonly string[];
  text?: true;
}

const OFFICE_LEGACY = ['cfb'];

export const contentRules: Record<string, ContentRule> = {
  png: { mime: 'image/png', magic: ['png', 'apng'] },
  jpg: { mime: 'image/jpeg', magic: ['jpg'] },
  jpeg: { mime: 'image/jpeg', magic: ['jpg'] },
  gif: { mime: 'image/gif', magic: ['gif'] },
  webp: { mime: 'image/webp', magic: ['webp'] },
  pdf: { mime: 'application/pdf', magic: ['pdf'] },
  doc: { mime: 'application/msword', magic: OFFICE_LEGACY },
  xls: { mime: 'application/vnd.ms-excel', magic: OFFICE_LEGACY },
  ppt: { mime: 'application/vnd.ms-powerpoint', magic: OFFICE_LEGACY },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', magic: ['docx'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', magic: ['xlsx'] },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', magic: ['pptx'] },
  zip: { mime: 'application/zip', magic: ['zip'] },
  rar: { mime: 'application/vnd.rar', magic: ['rar'] },
  '7z': { mime: 'application/x-7z-compressed', magic: ['7z'] },
  mp4: { mime: 'video/mp4', magic: ['mp4', 'm4v', 'mov'] },
  txt: { mime: 'text/plain', text: true },
  csv: { mime: 'text/csv', text: true },
};

export const isImageExtension = (ext: string) => IMAGE_EXTENSIONS.includes(ext);

/** How much of a text file is read to decide it is text. */
const TEXT_SAMPLE_BYTES = 64 * 1024;

/** The first TEXT_SAMPLE_BYTES of a staged file, or of bytes in memory. */
async function startOf(source: string | Uint8Array): Promise<Uint8Array> {
  if (typeof source !== 'string') return source.subarray(0, TEXT_SAMPLE_BYTES);
  const handle = await fs.promises.open(source, 'r');
  try {
    const buffer = Buffer.alloc(TEXT_SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, TEXT_SAMPLE_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Plain text has no signature: accept it when the start has no NUL and no control characters other than tab, line
 * breaks, form feed and escape. Encodings such as UTF-8 and GB18030 (Excel's Chinese CSV) both pass; binaries do not.
 */
function looksLikeText(start: Uint8Array): boolean {
  for (const b of start) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) return false;
    if (b === 0x7f) return false;
  }
  return true;
}

/** Whether a file's bytes — a staged file's path, or the bytes themselves — are what its extension says. */
export async function contentMatches(source: string | Uint8Array, ext: string): Promise<boolean> {
  const rule = contentRules[ext];
  if (!rule) return false;
  const detected = typeof source === 'string' ? await fileTypeFromFile(source) : await fileTypeFromBuffer(source);
  if (rule.text) return detected === undefined && looksLikeText(await startOf(source));
  return detected !== undefined && (rule.magic ?? []).includes(detected.ext);
}

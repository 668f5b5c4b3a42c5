import { uploadLimits, type UploadType } from '@juqi/contract';
import { fileExtension, formatFileSize } from '../file-format';
import { format } from '../i18n';
import type { FileText } from './messages';

/** Why a file may not be sent as the given upload type, or null when it may. */
export type UploadRefusal =
  | { reason: 'extension'; extension: string; allowed: readonly string[] }
  | { reason: 'size'; size: number; maxBytes: number }
  | { reason: 'empty' };

/**
 * The contract's limits for an upload type, checked before any byte is sent (the server checks them again, and the
 * file's magic bytes). Extensions are compared in lower case, as the server does.
 */
export function checkUpload(file: Pick<File, 'name' | 'size'>, type: UploadType = 'file'): UploadRefusal | null {
  const limit = uploadLimits[type];
  const extension = fileExtension(file.name);
  if (!limit.extensions.includes(extension)) return { reason: 'extension', extension, allowed: limit.extensions };
  if (file.size === 0) return { reason: 'empty' };
  if (file.size > limit.maxBytes) return { reason: 'size', size: file.size, maxBytes: limit.maxBytes };
  return null;
}

/** The refusal as a sentence naming the file and what would be accepted. */
export function refusalText(t: FileText, name: string, refusal: UploadRefusal): string {
  switch (refusal.reason) {
    case 'extension':
      return format(refusal.extension ? t.refusedExtension : t.refusedNoExtension, { name, allowed: refusal.allowed.join(', ') });
    case 'size':
      return format(t.refusedSize, { name, size: formatFileSize(refusal.size), max: formatFileSize(refusal.maxBytes) });
    case 'empty':
      return format(t.refusedEmpty, { name });
  }
}

/** The `accept` attribute of a file input for an upload type: `.png,.jpg,…`. */
export const acceptFor = (type: UploadType = 'file'): string => uploadLimits[type].extensions.map((ext) => `.${ext}`).join(',');

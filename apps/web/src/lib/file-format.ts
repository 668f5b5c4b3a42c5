/**
 * How files are shown (§5): the icon group of a file by its extension, and its size from Bytes up to YB with two
 * decimals.
 */

/**
 * The extension of a file name, path or URL: lower case, without the dot; empty when there is none. A leading dot
 * (`.gitignore`) or a trailing one (`report.`) is no extension, as on the server.
 */
export function fileExtension(name: string | null | undefined): string {
  if (!name) return '';
  const base = name.split(/[?#]/)[0]!.split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export const fileIconGroups = ['image', 'video', 'audio', 'excel', 'word', 'archive', 'pdf', 'ppt', 'text', 'psd', 'tif'] as const;
export type FileIconGroup = (typeof fileIconGroups)[number] | 'other';

const extensionsByGroup: Record<(typeof fileIconGroups)[number], readonly string[]> = {
  image: ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp', 'svg', 'ico', 'heic', 'heif', 'avif'],
  video: ['mp4', 'm4v', 'mov', 'avi', 'wmv', 'flv', 'mkv', 'webm', 'mpg', 'mpeg', '3gp', 'rm', 'rmvb'],
  audio: ['mp3', 'wav', 'wma', 'ogg', 'oga', 'aac', 'flac', 'm4a', 'amr', 'ape', 'mid', 'midi'],
  excel: ['xls', 'xlsx', 'xlsm', 'xlt', 'xltx', 'csv', 'et', 'ods'],
  word: ['doc', 'docx', 'dot', 'dotx', 'wps', 'odt', 'rtf'],
  archive: ['zip', 'rar', '7z', 'tar', 'gz', 'tgz', 'bz2', 'xz', 'cab', 'iso'],
  pdf: ['pdf'],
  ppt: ['ppt', 'pptx', 'pps', 'ppsx', 'pot', 'potx', 'dps', 'odp'],
  text: ['txt', 'md', 'log', 'json', 'xml', 'ini', 'conf', 'yaml', 'yml'],
  psd: ['psd', 'psb'],
  tif: ['tif', 'tiff'],
};

const groupOfExtension = new Map<string, FileIconGroup>(
  Object.entries(extensionsByGroup).flatMap(([group, extensions]) => extensions.map((ext) => [ext, group as FileIconGroup] as const)),
);

/** The icon group of a file name (or a bare extension, with or without its dot); `other` when unknown or absent. */
export function fileIconGroup(nameOrExtension: string | null | undefined): FileIconGroup {
  if (!nameOrExtension) return 'other';
  const value = nameOrExtension.trim();
  const bare = /^\.?[A-Za-z0-9]+$/.test(value) && !value.slice(1).includes('.') ? value.replace(/^\./, '').toLowerCase() : '';
  return groupOfExtension.get(fileExtension(value)) ?? groupOfExtension.get(bare) ?? 'other';
}

export const FILE_SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * A size in bytes as people read it: whole Bytes below 1 KB, otherwise the largest unit up to YB with two decimals
 * (`1.00 KB`, `1.50 MB`). A value that would round up to 1024 of a unit is shown in the next one (`1.00 MB`, not
 * `1024.00 KB`); beyond YB the number of YB grows. Empty, negative or non-numeric input gives an empty string.
 */
export function formatFileSize(bytes: number | string | null | undefined): string {
  if (bytes == null || bytes === '') return '';
  const n = typeof bytes === 'number' ? bytes : Number(bytes);
  if (!Number.isFinite(n) || n < 0) return '';
  if (n < 1024) return `${Math.floor(n)} Bytes`;
  const last = FILE_SIZE_UNITS.length - 1;
  let unit = 0;
  let value = n;
  while (unit < last && (value >= 1024 || Number(value.toFixed(2)) >= 1024)) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${FILE_SIZE_UNITS[unit]}`;
}

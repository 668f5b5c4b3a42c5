import { describe, expect, it } from 'vitest';
import { fileExtension, fileIconGroup, formatFileSize } from './file-format';

describe('fileExtension', () => {
  it.each([
    ['photo.png', 'png'],
    ['PHOTO.JPG', 'jpg'],
    ['archive.tar.gz', 'gz'],
    ['/uploads/print/2026/05/abc.PDF', 'pdf'],
    ['https://x.test/a/b.docx?v=2#top', 'docx'],
    ['C:\\Users\\me\\book.xlsx', 'xlsx'],
    ['README', ''],
    ['.gitignore', ''],
    ['report.', ''],
    ['', ''],
    [null, ''],
  ])('%s → %s', (name, ext) => expect(fileExtension(name)).toBe(ext));
});

describe('fileIconGroup (§5)', () => {
  it.each([
    ['a.png', 'image'],
    ['a.JPEG', 'image'],
    ['clip.mp4', 'video'],
    ['song.MP3', 'audio'],
    ['book.xlsx', 'excel'],
    ['table.csv', 'excel'],
    ['letter.DOCX', 'word'],
    ['pack.7z', 'archive'],
    ['pack.tar.gz', 'archive'],
    ['manual.pdf', 'pdf'],
    ['deck.pptx', 'ppt'],
    ['notes.txt', 'text'],
    ['design.PSD', 'psd'],
    ['scan.tiff', 'tif'],
    ['scan.TIF', 'tif'],
  ])('%s → %s', (name, group) => expect(fileIconGroup(name)).toBe(group));

  it('takes a bare extension, with or without its dot, in any case', () => {
    expect(fileIconGroup('PDF')).toBe('pdf');
    expect(fileIconGroup('.Xls')).toBe('excel');
  });

  it('is other for unknown, missing or empty extensions', () => {
    expect(fileIconGroup('setup.exe')).toBe('other');
    expect(fileIconGroup('Makefile')).toBe('other');
    expect(fileIconGroup('report.')).toBe('other');
    expect(fileIconGroup('')).toBe('other');
    expect(fileIconGroup(undefined)).toBe('other');
  });
});

describe('formatFileSize (§5)', () => {
  it('is empty for empty, negative or non-numeric input', () => {
    expect(formatFileSize(undefined)).toBe('');
    expect(formatFileSize(null)).toBe('');
    expect(formatFileSize('')).toBe('');
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
    expect(formatFileSize(Number.POSITIVE_INFINITY)).toBe('');
    expect(formatFileSize('abc')).toBe('');
  });

  it('shows whole Bytes below 1 KB', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(1)).toBe('1 Bytes');
    expect(formatFileSize(1023)).toBe('1023 Bytes');
    expect(formatFileSize('512')).toBe('512 Bytes');
  });

  it('switches unit exactly at each power of 1024, with two decimals', () => {
    expect(formatFileSize(1024)).toBe('1.00 KB');
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(1024 ** 2 - 1024)).toBe('1023.00 KB');
    expect(formatFileSize(1024 ** 2)).toBe('1.00 MB');
    expect(formatFileSize(5 * 1024 ** 2)).toBe('5.00 MB');
    expect(formatFileSize(1024 ** 3)).toBe('1.00 GB');
    expect(formatFileSize(1024 ** 4)).toBe('1.00 TB');
    expect(formatFileSize(1024 ** 5)).toBe('1.00 PB');
    expect(formatFileSize(1024 ** 6)).toBe('1.00 EB');
    expect(formatFileSize(1024 ** 7)).toBe('1.00 ZB');
    expect(formatFileSize(1024 ** 8)).toBe('1.00 YB');
  });

  it('never shows 1024.00 of a unit: a value rounding up to it moves to the next unit', () => {
    expect(formatFileSize(1024 ** 2 - 1)).toBe('1.00 MB');
    expect(formatFileSize(1024 ** 3 - 1)).toBe('1.00 GB');
  });

  it('keeps counting in YB beyond it', () => {
    expect(formatFileSize(1024 ** 9)).toBe('1024.00 YB');
    expect(formatFileSize(1e30)).toBe('827180.61 YB');
    expect(formatFileSize(Number.MAX_SAFE_INTEGER)).toBe('8.00 PB');
  });
});

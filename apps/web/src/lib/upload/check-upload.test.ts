import { uploadLimits } from '@juqi/contract';
import { describe, expect, it } from 'vitest';
import { acceptFor, checkUpload, refusalText } from './check-upload';
import { fileMessages } from './messages';

const MB = 1024 * 1024;
const t = fileMessages['zh-CN'];

describe('checkUpload (the contract uploadLimits, before sending)', () => {
  it('accepts an allowed extension in any case, up to the exact limit', () => {
    expect(checkUpload({ name: 'a.PNG', size: 5 * MB }, 'img')).toBeNull();
    expect(checkUpload({ name: 'report.Docx', size: 1 }, 'file')).toBeNull();
    expect(checkUpload({ name: 'clip.mp4', size: 50 * MB }, 'video')).toBeNull();
  });

  it('refuses one byte over the type’s limit', () => {
    expect(checkUpload({ name: 'a.png', size: 5 * MB + 1 }, 'img')).toEqual({ reason: 'size', size: 5 * MB + 1, maxBytes: 5 * MB });
    expect(checkUpload({ name: 'a.zip', size: 50 * MB + 1 })).toMatchObject({ reason: 'size' });
  });

  it('refuses extensions the type does not list, and names without one', () => {
    expect(checkUpload({ name: 'a.pdf', size: 10 }, 'img')).toEqual({ reason: 'extension', extension: 'pdf', allowed: uploadLimits.img.extensions });
    expect(checkUpload({ name: 'page.svg', size: 10 })).toMatchObject({ reason: 'extension', extension: 'svg' });
    expect(checkUpload({ name: 'Makefile', size: 10 })).toMatchObject({ reason: 'extension', extension: '' });
  });

  it('refuses empty files', () => {
    expect(checkUpload({ name: 'a.txt', size: 0 })).toEqual({ reason: 'empty' });
  });

  it('says why in a sentence naming the file', () => {
    expect(refusalText(t, 'big.png', { reason: 'size', size: 6 * MB, maxBytes: 5 * MB })).toBe('“big.png”大小为 6.00 MB，超过 5.00 MB 的上限');
    expect(refusalText(t, 'a.svg', { reason: 'extension', extension: 'svg', allowed: ['png', 'jpg'] })).toBe('“a.svg”的类型不支持，可上传：png, jpg');
    expect(refusalText(t, 'Makefile', { reason: 'extension', extension: '', allowed: ['png'] })).toContain('没有扩展名');
    expect(refusalText(fileMessages['en-US'], 'a.txt', { reason: 'empty' })).toBe('“a.txt” is empty');
  });

  it('gives file inputs the accepted extensions', () => {
    expect(acceptFor('img')).toBe('.png,.jpg,.jpeg,.gif,.webp');
    expect(acceptFor('video')).toBe('.mp4');
  });
});

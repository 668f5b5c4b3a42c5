import fs from 'node:fs';
import path from 'node:path';
import { fieldLabel, fileCalls, MAX_UPLOAD_BYTES, uploadLimits, type FileRecord } from '@juqi/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedFile } from '../src/lib/db/schema';
import { LocalFileStorage, UnsafeStorageKeyError } from '../src/lib/storage';
import { contentRules } from '../src/lib/file-content';
import { serverFileStore } from '../src/modules/file';
import { contentDisposition, parseRange } from '../src/modules/file/http';
import { cleanFileName, FileService } from '../src/modules/file/service';
import { buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, invoke, invokeUnchecked, signInAsAdmin } from './helpers/auth';
import { multipart, type Part } from './helpers/multipart';

// ——— sample files ———
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF'), Buffer.alloc(64, 1)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 1)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2'), Buffer.alloc(256, 7)]);
const CSV_GBK = Buffer.from([0xd0, 0xd5, 0xc3, 0xfb, 0x2c, 0xb5, 0xe7, 0xbb, 0xb0, 0x0a, 0xd5, 0xc5, 0xc8, 0xfd, 0x2c, 0x31, 0x33, 0x38, 0x0a]); // 姓名,电话 / 张三,138
const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');

let t: TestApp;
let admin: string;
let staff: { token: string; staffId: number };
let other: { token: string; staffId: number };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  staff = await createStaffWith(t, []);
  other = await createStaffWith(t, []);
});
afterAll(() => t?.close());

const uploadsRoot = () => path.join(t.config.dataDir, 'uploads');

async function upload(parts: Part[], token: string | null = staff.token) {
  const { payload, headers } = multipart(parts);
  const res = await t.app.inject({ method: 'POST', url: fileCalls.save.path, payload, headers: { ...headers, ...(token ? { 'x-token': token } : {}) } });
  return { res, body: res.json() };
}

const file = (filename: string, content: Buffer): Part => ({ name: 'file', filename, content });
const field = (name: string, value: string): Part => ({ name, value });

async function saved(parts: Part[], token?: string): Promise<FileRecord> {
  const { body } = await upload(parts, token);
  expect(body, JSON.stringify(body)).toMatchObject({ code: 20000 });
  return body.data;
}

/** Every file under a folder, relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe('saving a file', () => {
  it('stores it under a server-made name and records the original name, size, type and uploader', async () => {
    const rec = await saved([field('module', 'print'), field('type', 'img'), file('营业执照 扫描件.png', PNG)]);
    expect(rec).toMatchObject({ name: '营业执照 扫描件.png', size: PNG.length, mime: 'image/png', type: 'img' });
    expect(rec.path).toMatch(/^print\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    expect(rec.url).toBe(`/uploads/${rec.path}`);
    expect(fs.readFileSync(path.join(uploadsRoot(), rec.path))).toEqual(PNG);
    const [row] = (await t.database.db.select().from(uploadedFile)).filter((r) => r.path === rec.path);
    expect(row).toMatchObject({ originalName: '营业执照 扫描件.png', size: PNG.length, mime: 'image/png', module: 'print', type: 'img', ext: 'png', uploaderId: staff.staffId });
    expect(row!.createdAt).toBeInstanceOf(Date);
  });

  it('defaults to module common and type file, and accepts each kind the default type allows', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('客户').addRow(['姓名', '电话']);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const samples: [string, Buffer, string][] = [
      ['a.jpg', JPEG, 'image/jpeg'],
      ['b.JPEG', JPEG, 'image/jpeg'],
      ['c.gif', GIF, 'image/gif'],
      ['报价单.pdf', PDF, 'application/pdf'],
      ['客户.xlsx', xlsx, contentRules.xlsx!.mime],
      ['名单.csv', CSV_GBK, 'text/csv'],
      ['说明.txt', Buffer.from('第一行\r\n第二行\tend\n'), 'text/plain'],
      ['clip.mp4', MP4, 'video/mp4'],
    ];
    for (const [name, content, mime] of samples) {
      const rec = await saved([file(name, content)]);
      expect(rec, name).toMatchObject({ name, mime, type: 'file', size: content.length });
      expect(rec.path).toMatch(/^common\//);
      expect(rec.path.endsWith(`.${name.split('.').pop()!.toLowerCase()}`)).toBe(true);
    }
    expect((await saved([field('type', 'video'), file('v.mp4', MP4)])).type).toBe('video');
  });

  it('never keeps the client name on disk, whatever it contains', async () => {
    const before = new Set(filesUnder(uploadsRoot()));
    const names = ['../../../../etc/passwd.png', '..\\..\\windows\\win.ini.png', '/abs/path/x.png', 'a\u0001b.png', '%2e%2e%2fescape.png'];
    for (const name of names) {
      const rec = await saved([file(name, PNG)]);
      expect(rec.path).toMatch(/^common\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
      // eslint-disable-next-line no-control-regex
      expect(rec.name).not.toMatch(/[/\\\u0000-\u001f]/);
    }
    const added = filesUnder(uploadsRoot()).filter((f) => !before.has(f));
    expect(added).toHaveLength(names.length);
    for (const f of added) expect(path.basename(f)).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(filesUnder(t.config.dataDir).filter((f) => /passwd|win\.ini|escape/.test(f))).toEqual([]);
    expect(fs.readdirSync(path.join(t.config.dataDir, 'tmp', 'uploads'))).toEqual([]);
  });

  it('refuses types and extensions the upload type does not take', async () => {
    const cases: [Part[], string, RegExp][] = [
      [[field('type', 'img'), file('a.pdf', PDF)], 'file', /^该类型不接受 \.pdf 文件（可用：png, /],
      [[file('evil.svg', Buffer.from('<svg onload="alert(1)"/>'))], 'file', /^该类型不接受 \.svg 文件/],
      [[file('page.html', HTML)], 'file', /^该类型不接受 \.html 文件/],
      [[file('run.exe', Buffer.from('MZ\x90\x00'))], 'file', /^该类型不接受 \.exe 文件/],
      [[file('noextension', PNG)], 'file', /^文件名须带扩展名$/],
      [[field('type', 'video'), file('a.png', PNG)], 'file', /^该类型不接受 \.png 文件/],
      [[field('type', 'exe'), file('a.png', PNG)], 'type', /.+/],
      [[field('module', '../etc'), file('a.png', PNG)], 'module', /.+/],
      [[field('module', 'Print'), file('a.png', PNG)], 'module', /.+/],
      [[field('module', 'a/b'), file('a.png', PNG)], 'module', /.+/],
      [[field('module', 'print')], 'file', /^请选择文件$/],
      [[file('empty.png', Buffer.alloc(0))], 'file', /^文件是空的$/],
      [[{ name: 'upload', filename: 'a.png', content: PNG }], 'upload', /^请在字段“file”中上传文件$/],
    ];
    for (const [parts, fieldName, message] of cases) {
      const { res, body } = await upload(parts);
      const label = fieldLabel(fieldName, 'zh-CN');
      expect(body, JSON.stringify(body)).toMatchObject({ code: 40000, data: { field: fieldName, fields: [{ field: fieldName, label, message: expect.stringMatching(message) }] } });
      expect(body.message.startsWith(`${label}：`), body.message).toBe(true);
      expect(res.statusCode).toBe(400);
    }
  });

  it('checks the magic bytes against the extension', async () => {
    const cases: [string, Buffer][] = [
      ['photo.png', HTML],
      ['photo.png', PDF],
      ['photo.jpg', PNG],
      ['doc.pdf', PNG],
      ['sheet.xlsx', PDF],
      ['notes.txt', PNG],
      ['data.csv', Buffer.from([0x61, 0x2c, 0x00, 0x62])],
      ['archive.zip', Buffer.from('not a zip at all')],
      ['clip.mp4', GIF],
    ];
    for (const [name, content] of cases) {
      const { body } = await upload([file(name, content)]);
      expect(body, name).toMatchObject({ code: 40000, message: expect.stringMatching(/^文件：文件内容不是 \.\w+ 文件$/), data: { field: 'file' } });
    }
  });

  it('refuses files over the limit of their type, whether type comes before or after the file', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(uploadLimits.img.maxBytes - PNG.length + 1)]);
    const first = await upload([field('type', 'img'), file('big.png', big)]);
    expect(first.res.statusCode).toBe(413);
    expect(first.body).toMatchObject({ code: 41300, data: { field: 'file', max_bytes: uploadLimits.img.maxBytes } });
    const after = await upload([file('big.png', big), field('type', 'img')]);
    expect(after.body).toMatchObject({ code: 41300, data: { field: 'file', max_bytes: uploadLimits.img.maxBytes } });
    // The same bytes are fine as an attachment (50 MB).
    expect((await upload([file('big.png', big)])).body.code).toBe(20000);
    const huge = Buffer.concat([PDF, Buffer.alloc(MAX_UPLOAD_BYTES - PDF.length + 1)]);
    expect((await upload([file('huge.pdf', huge)])).body).toMatchObject({ code: 41300, data: { field: 'file' } });
    expect(fs.readdirSync(path.join(t.config.dataDir, 'tmp', 'uploads'))).toEqual([]);
  });

  it('takes one file per request, and answers malformed or non-multipart bodies with 40000', async () => {
    const two = await upload([file('a.png', PNG), file('b.png', PNG)]);
    expect(two.body).toMatchObject({ code: 40000, data: { field: 'file' } });
    const json = await invokeUnchecked(t, fileCalls.save, { file: 'x' }, staff.token);
    expect(json).toMatchObject({ code: 40000, data: { field: 'file' } });
    const broken = await t.app.inject({
      method: 'POST',
      url: fileCalls.save.path,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', 'x-token': staff.token },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    });
    expect(broken.json().code).toBe(40000);
    expect(broken.statusCode).toBe(400);
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: fileCalls.save.path,
      headers: { 'content-type': 'multipart/form-data', 'x-token': staff.token },
      payload: 'garbage',
    });
    expect(noBoundary.json().code).toBe(40000);
  });

  it('needs a session', async () => {
    const before = filesUnder(uploadsRoot()).length;
    const { res, body } = await upload([file('a.png', PNG)], null);
    expect(body.code).toBe(50008);
    expect(res.statusCode).toBe(401);
    expect(filesUnder(uploadsRoot())).toHaveLength(before);
  });
});

describe('serving /uploads', () => {
  let image: FileRecord;
  let pdf: FileRecord;
  beforeAll(async () => {
    image = await saved([field('type', 'img'), file('头像.png', PNG)]);
    pdf = await saved([field('module', 'print'), file('合同 2026.pdf', PDF)]);
  });

  it('serves images inline and everything else as an attachment, never sniffed, with no session', async () => {
    const img = await t.app.inject({ method: 'GET', url: image.url });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload).toEqual(PNG);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.headers['content-disposition']).toMatch(/^inline; /);
    expect(img.headers['content-security-policy']).toContain('sandbox');
    expect(img.headers['content-length']).toBe(String(PNG.length));
    const doc = await t.app.inject({ method: 'GET', url: pdf.url });
    expect(doc.rawPayload).toEqual(PDF);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['x-content-type-options']).toBe('nosniff');
    expect(doc.headers['content-disposition']).toBe(`attachment; filename="__ 2026.pdf"; filename*=UTF-8''${encodeURIComponent('合同 2026.pdf')}`);
    const head = await t.app.inject({ method: 'HEAD', url: pdf.url });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('answers single byte ranges (video seeking) and refuses unsatisfiable ones', async () => {
    const part = await t.app.inject({ method: 'GET', url: pdf.url, headers: { range: 'bytes=0-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF');
    expect(part.headers['content-range']).toBe(`bytes 0-3/${PDF.length}`);
    const tail = await t.app.inject({ method: 'GET', url: pdf.url, headers: { range: 'bytes=-6' } });
    expect(tail.body).toBe('%%EOF\n');
    const beyond = await t.app.inject({ method: 'GET', url: pdf.url, headers: { range: 'bytes=99999-' } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${PDF.length}`);
    const multi = await t.app.inject({ method: 'GET', url: pdf.url, headers: { range: 'bytes=0-1,4-5' } });
    expect(multi.statusCode).toBe(200);
  });

  it('makes path traversal impossible', async () => {
    fs.writeFileSync(path.join(t.config.dataDir, 'secret.txt'), 'TOP-SECRET');
    const key = image.path;
    const attempts = [
      '/uploads/../secret.txt',
      '/uploads/%2e%2e/secret.txt',
      '/uploads/%2E%2E%2Fsecret.txt',
      '/uploads/..%2fsecret.txt',
      '/uploads/..%5csecret.txt',
      '/uploads/..\\secret.txt',
      '/uploads/%2e%2e%5c%2e%2e%5csecret.txt',
      '/uploads//etc/passwd',
      '/uploads/%2fetc%2fpasswd',
      '/uploads/C:%5Cwindows%5Cwin.ini',
      `/uploads/${key}%00.txt`,
      `/uploads/${key}/../../../../secret.txt`,
      `/uploads/${key.replace('/', '/../')}`,
      '/uploads/common/2026/05/..%2f..%2f..%2f..%2fsecret.txt',
      '/uploads/',
      '/uploads/common',
    ];
    for (const url of attempts) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body, url).not.toContain('TOP-SECRET');
      expect(res.body, url).not.toContain('root:');
    }
    for (const bad of ['../secret.txt', '/etc/passwd', 'common\\..\\..\\secret.txt', `${key}\u0000.txt`, `../${key}`, '%2e%2e/secret.txt', 'C:\\windows\\win.ini']) {
      for (const call of [fileCalls.download, fileCalls.downloadImage, fileCalls.remove]) {
        const res = await invoke(t, call, { path: bad }, admin);
        expect(res, `${call.path} ${bad}`).toMatchObject({ code: 40000, data: { field: 'path' } });
      }
    }
  });

  it('answers a well-formed path nobody uploaded with 40400', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/uploads/common/2026/01/${'0'.repeat(32)}.png` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 40400 });
  });
});

describe('download, downloadImage and delete', () => {
  it('downloads by path or by /uploads URL as an attachment under the original name', async () => {
    const rec = await saved([file('合同.pdf', PDF)]);
    for (const given of [rec.path, rec.url, `http://localhost:8080${rec.url}`]) {
      const res = await t.app.inject({ method: 'POST', url: fileCalls.download.path, payload: { path: given }, headers: { 'x-token': staff.token } });
      expect(res.statusCode, given).toBe(200);
      expect(res.rawPayload).toEqual(PDF);
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('合同.pdf')}`);
      expect(res.headers['content-disposition']).toMatch(/^attachment; /);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const img = await saved([file('图.png', PNG)]);
    const image = await t.app.inject({ method: 'POST', url: fileCalls.downloadImage.path, payload: { path: img.url }, headers: { 'x-token': staff.token } });
    expect(image.rawPayload).toEqual(PNG);
    expect(image.headers['content-disposition']).toMatch(/^attachment; /);
    expect(await invoke(t, fileCalls.downloadImage, { path: rec.path }, staff.token)).toMatchObject({ code: 40000, data: { field: 'path' } });
    expect((await invoke(t, fileCalls.download, { path: rec.path })).code).toBe(50008);
    expect((await invoke(t, fileCalls.download, { path: `common/2026/01/${'a'.repeat(32)}.pdf` }, staff.token)).code).toBe(40400);
  });

  it('lets the uploader or the super-admin delete a file, record and bytes', async () => {
    const mine = await saved([file('mine.png', PNG)], staff.token);
    const forbidden = await invoke(t, fileCalls.remove, { path: mine.path }, other.token);
    expect(forbidden.code).toBe(40300);
    expect(fs.existsSync(path.join(uploadsRoot(), mine.path))).toBe(true);
    expect((await invoke(t, fileCalls.remove, { path: mine.url }, staff.token)).code).toBe(20000);
    expect(fs.existsSync(path.join(uploadsRoot(), mine.path))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: mine.url })).statusCode).toBe(404);
    expect((await invoke(t, fileCalls.remove, { path: mine.path }, staff.token)).code).toBe(40400);

    const theirs = await saved([file('theirs.png', PNG)], other.token);
    expect((await invoke(t, fileCalls.remove, { path: theirs.path }, admin)).code).toBe(20000);
  });

  it('publishes the file calls and /uploads in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    for (const call of Object.values(fileCalls)) expect(doc.paths[call.path]?.post, call.path).toBeDefined();
    expect(doc.paths['/api/file/save'].post.summary).toContain('multipart/form-data');
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/uploads/'))).toBe(true);
  });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const cookie = (token: string) => ({ cookie: `juqi_token=${token}` });
const post = (url: string, filePath: string, token: string) =>
  t.app.inject({ method: 'POST', url, payload: { path: filePath }, headers: { 'x-token': token } });

describe('scopes: who may read an upload', () => {

  it('records uploads as public unless private is asked for; the verification scope is not for staff uploads', async () => {
    expect((await saved([file('a.png', PNG)])).scope).toBe('public');
    expect((await saved([field('scope', 'private'), file('b.png', PNG)])).scope).toBe('private');
    const { body } = await upload([field('scope', 'verification'), file('c.png', PNG)]);
    expect(body).toMatchObject({ code: 40000, data: { field: 'scope' } });
  });

  it('serves a public upload to anyone, even without a session', async () => {
    const rec = await saved([field('type', 'img'), file('logo.png', PNG)]);
    const res = await get(rec.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(PNG);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await post(fileCalls.download.path, rec.path, other.token)).rawPayload).toEqual(PNG);
  });

  it('serves a private upload only to its uploader and the super-admin, by X-Token or by the token cookie', async () => {
    const rec = await saved([field('scope', 'private'), file('工资条.png', PNG)], staff.token);
    const refusedHeaders: Record<string, string>[] = [{}, { 'x-token': other.token }, cookie(other.token), cookie('not-a-token'), { 'x-token': 'not-a-token' }];
    for (const headers of refusedHeaders) {
      const res = await get(rec.url, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
      expect(res.json()).toMatchObject({ code: 40400 });
      expect(res.rawPayload.includes(PNG)).toBe(false);
    }
    for (const headers of [{ 'x-token': staff.token }, cookie(staff.token), cookie(admin)]) {
      const res = await get(rec.url, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.rawPayload).toEqual(PNG);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    for (const url of [fileCalls.download.path, fileCalls.downloadImage.path]) {
      const refused = await post(url, rec.path, other.token);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json()).toMatchObject({ code: 40400 });
      expect((await post(url, rec.path, staff.token)).rawPayload).toEqual(PNG);
      expect((await post(url, rec.path, admin)).rawPayload).toEqual(PNG);
    }
    expect((await invoke(t, fileCalls.remove, { path: rec.path }, other.token)).code).toBe(40400);
    expect(fs.existsSync(path.join(uploadsRoot(), rec.path))).toBe(true);
  });

  it('never serves a verification document through /uploads or the download calls, whoever asks', async () => {
    const documentPath = `verification/2026/03/${'b'.repeat(32)}.png`;
    await serverFileStore(t.database.db, t.config.dataDir).keep({ path: documentPath, name: '身份证正面.png', scope: 'verification', bytes: PNG });
    expect(fs.readFileSync(path.join(uploadsRoot(), documentPath))).toEqual(PNG);
    const askers: Record<string, string>[] = [{}, { 'x-token': admin }, cookie(admin), cookie(staff.token)];
    for (const headers of askers) {
      const res = await get(`/uploads/${documentPath}`, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
      expect(res.json()).toMatchObject({ code: 40400 });
    }
    for (const call of [fileCalls.download, fileCalls.downloadImage, fileCalls.remove]) {
      for (const token of [admin, staff.token]) {
        expect((await invoke(t, call, { path: documentPath }, token)).code, call.path).toBe(40400);
      }
    }
    expect(fs.existsSync(path.join(uploadsRoot(), documentPath))).toBe(true);
  });
});

describe('the pieces', () => {
  it('has a content rule for every accepted extension', () => {
    for (const limit of Object.values(uploadLimits)) for (const ext of limit.extensions) expect(contentRules[ext], ext).toBeDefined();
  });

  it('local storage refuses keys that are not plain relative paths', async () => {
    const root = path.join(t.config.dataDir, 'storage-unit');
    const storage = new LocalFileStorage(root);
    for (const key of ['../x.png', '/abs.png', 'a\\b.png', 'a/../b.png', 'a/./b.png', 'a//b.png', 'a\u0000b.png', '', '.', '..', 'a/.hidden', 'C:/x.png']) {
      expect(() => storage.resolve(key), JSON.stringify(key)).toThrow(UnsafeStorageKeyError);
      await expect(storage.get(key)).rejects.toThrow(UnsafeStorageKeyError);
    }
    expect(storage.resolve('a/b/c.png')).toBe(path.join(root, 'a/b/c.png'));
    const { Readable } = await import('node:stream');
    await storage.put('a/b/c.png', Readable.from([PNG]));
    await expect(storage.put('a/b/c.png', Readable.from([GIF]))).rejects.toThrow();
    const got = await storage.get('a/b/c.png', { start: 1, end: 3 });
    const chunks: Buffer[] = [];
    for await (const c of got!.body) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks)).toEqual(PNG.subarray(1, 4));
    expect(got!.size).toBe(PNG.length);
    await storage.delete('a/b/c.png');
    await storage.delete('a/b/c.png');
    expect(await storage.get('a/b/c.png')).toBeNull();
    expect(fs.readdirSync(path.join(root, 'a/b'))).toEqual([]);
  });

  it('sweeps staging files an interrupted upload left behind, and only old ones', async () => {
    const stagingDir = path.join(t.config.dataDir, 'staging-unit');
    fs.mkdirSync(stagingDir, { recursive: true });
    const old = path.join(stagingDir, 'old.upload');
    const fresh = path.join(stagingDir, 'fresh.upload');
    fs.writeFileSync(old, 'x');
    fs.writeFileSync(fresh, 'y');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(old, twoHoursAgo, twoHoursAgo);
    const service = new FileService(t.database.db, { storage: new LocalFileStorage(uploadsRoot()), stagingDir, clock: t.clock, log: t.app.log });
    expect(await service.sweepStaging()).toBe(1);
    expect(fs.readdirSync(stagingDir)).toEqual(['fresh.upload']);
  });

  it('cleans client file names and encodes them safely for Content-Disposition', () => {
    expect(cleanFileName('C:\\Users\\x\\报价.pdf')).toBe('报价.pdf');
    expect(cleanFileName('../../a\r\nb.png')).toBe('ab.png');
    expect(cleanFileName(`${'长'.repeat(300)}.png`)).toHaveLength(200);
    expect(cleanFileName(`${'长'.repeat(300)}.png`).endsWith('.png')).toBe(true);
    expect(contentDisposition('attachment', 'a"b;c.pdf')).toBe(`attachment; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%3Bc.pdf`);
  });

  it('parses byte ranges', () => {
    expect(parseRange(undefined, 10)).toBeUndefined();
    expect(parseRange('bytes=2-4', 10)).toEqual({ start: 2, end: 4 });
    expect(parseRange('bytes=5-', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=-30', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=8-100', 10)).toEqual({ start: 8, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=4-2', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,3-4', 10)).toBeUndefined();
    expect(parseRange('items=0-1', 10)).toBeUndefined();
  });
});

import { settingsCalls, type FileRecord, type LoginSettings, type SystemDetails } from '@juqi/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../src/lib/db/schema';
import { SettingsStore } from '../src/lib/settings/store';
import { buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, expectError, expectOk, invoke, ok, signInAsAdmin } from './helpers/auth';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const DEFAULTS: SystemDetails = { pc_logo: '', website: '聚企中台', time_zone: 'Asia/Shanghai' };

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
});
afterAll(() => t?.close());
beforeEach(() => new SettingsStore(t.database.db).set('system', DEFAULTS));

/** Uploads as the web's upload tray does: `type` and `module` before the file, no `scope` unless given. */
async function upload(name: string, bytes: Buffer, fields: Record<string, string> = { type: 'img', module: 'logo' }): Promise<FileRecord> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await t.app.inject({ method: 'POST', url: '/api/file/save', headers: { 'x-token': admin }, payload: form });
  const body = res.json();
  if (body.code !== 20000) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return body.data;
}

const details = () => ok(t, settingsCalls.systemDetails);
const save = (body: { website: string; pc_logo?: string; time_zone?: string }, token = admin) => invoke(t, settingsCalls.systemEdit, body, token);

describe('system settings: the logo', () => {
  it('takes a picture uploaded as the web uploads it, which anyone may then fetch without a session (the sign-in page shows it)', async () => {
    const logo = await upload('logo.png', PNG);
    expect(logo.scope).toBe('public');
    const saved = expectOk(await save({ website: '巨企运营台', pc_logo: logo.url }));
    expect(saved).toEqual({ pc_logo: logo.url, website: '巨企运营台', time_zone: 'Asia/Shanghai' });
    // The public call the sign-in page makes, and the picture itself, with no token.
    expect(await details()).toEqual(saved);
    const picture = await t.app.inject({ method: 'GET', url: saved.pc_logo });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
  });

  it('stores the logo as its /uploads/ URL when given as the bare path or an absolute URL of it', async () => {
    const logo = await upload('logo.png', PNG);
    expect(expectOk(await save({ website: 'A', pc_logo: logo.path })).pc_logo).toBe(`/uploads/${logo.path}`);
    expect(expectOk(await save({ website: 'A', pc_logo: `https://back-office.example/uploads/${logo.path}` })).pc_logo).toBe(`/uploads/${logo.path}`);
  });

  it('refuses, naming pc_logo and changing nothing, anything but a public picture uploaded here', async () => {
    const privatePicture = await upload('mine.png', PNG, { type: 'img', module: 'logo', scope: 'private' });
    const document = await upload('logo.pdf', PDF, { type: 'file', module: 'logo' });
    const refused = [
      'javascript:alert(1)',
      'https://evil.example/logo.png',
      '//evil.example/logo.png',
      `data:image/png;base64,${PNG.toString('base64')}`,
      '/uploads/../../etc/passwd',
      // Well formed, but nobody uploaded it.
      '/uploads/logo/2026/05/0123456789abcdef0123456789abcdef.png',
      privatePicture.url,
      document.url,
    ];
    for (const pc_logo of refused) {
      const answer = await save({ website: '不该保存', pc_logo });
      expect(expectError(answer, 40000), pc_logo).toEqual({
        field: 'pc_logo',
        fields: [{ field: 'pc_logo', label: '电脑端标志', message: '请使用在本站上传的公开图片（PNG、JPG、GIF 或 WEBP）' }],
      });
      expect(answer.message).toBe('电脑端标志：请使用在本站上传的公开图片（PNG、JPG、GIF 或 WEBP）');
    }
    expect(await details()).toEqual(DEFAULTS);
  });

  it('removes the logo with an empty value, and keeps a logo saved before these rules when a save leaves it as it is', async () => {
    const logo = await upload('logo.png', PNG);
    expectOk(await save({ website: 'A', pc_logo: logo.url }));
    expect(expectOk(await save({ website: 'A', pc_logo: '' })).pc_logo).toBe('');

    await new SettingsStore(t.database.db).set('system', { ...DEFAULTS, pc_logo: 'https://cdn.example/old-logo.png' });
    expect(expectOk(await save({ website: '改名', pc_logo: 'https://cdn.example/old-logo.png' }))).toMatchObject({
      website: '改名',
      pc_logo: 'https://cdn.example/old-logo.png',
    });
  });
});

describe('system settings: who may change them, and the record of it', () => {
  it('refuses staff without settings.system.edit (40300) and changes nothing; a staff holding it saves', async () => {
    const logo = await upload('logo.png', PNG);
    const viewer = await createStaffWith(t, [], ['/permission/homepage']);
    expectError(await save({ website: '越权', pc_logo: logo.url }, viewer.token), 40300);
    expect(await details()).toEqual(DEFAULTS);

    const editor = await createStaffWith(t, ['settings.system.edit']);
    expect(expectOk(await save({ website: '运营改名', pc_logo: logo.url }, editor.token))).toMatchObject({ website: '运营改名', pc_logo: logo.url });
  });

  it('records each save in the audit log under its operation code: who, from where, the settings before and after', async () => {
    const editor = await createStaffWith(t, ['settings.system.edit', 'settings.login.edit']);
    expectOk(await save({ website: '审计名称', time_zone: 'Europe/Berlin' }, editor.token));
    const [system] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.system.edit'), eq(auditLog.staffId, editor.staffId)))
      .orderBy(desc(auditLog.id));
    expect(system).toMatchObject({
      target: 'settings:system',
      ip: '10.0.0.1',
      detail: { before: DEFAULTS, after: { pc_logo: '', website: '审计名称', time_zone: 'Europe/Berlin' } },
    });

    const login: LoginSettings = await ok(t, settingsCalls.loginDetails, {}, admin);
    expectOk(await invoke(t, settingsCalls.loginEdit, { ...login, idle_minutes: 30 }, editor.token));
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'settings.login.edit'), eq(auditLog.staffId, editor.staffId)));
    expect(entry).toMatchObject({ target: 'settings:login', detail: { before: login, after: { ...login, idle_minutes: 30 } } });
  });
});

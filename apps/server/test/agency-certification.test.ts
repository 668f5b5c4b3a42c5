import { certificationCalls, fileCalls, type CertificationRow } from '@juqi/contract';
import { agencyListCalls } from '@juqi/contract';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, uploadedFile } from '../src/lib/db/schema';
import { seedAgencies } from '../src/modules/agency/seed';
import { buildTestApp, type TestApp } from './helpers/app';
import { signInAppUser } from './helpers/app-user';
import { expectError, invoke, ok, signInAsAdmin, signInWith, type Answer } from './helpers/auth';
import { multipart, type Part } from './helpers/multipart';
import { insertUser } from './helpers/users';

/**
 * 视频平台认证 (docs/marketplace.md › 代理设置 and certification): an agency submits an account of a video platform with
 * pictures in the apps; the pictures are served to staff only by the checked call; one staff approves or rejects it.
 */
let t: TestApp;
let admin: string;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF'), Buffer.alloc(64, 1)]);
const FIELDS = { platform: 'douyin', account_name: '星火传媒官方', account_id: 'xinghuo2026' };

async function newAgency(name: string): Promise<{ id: number; token: string }> {
  const { id } = await insertUser(t, { name, typeUser: 1 });
  await seedAgencies({ db: t.database.db, log: pino({ level: 'silent' }), demo: false });
  return { id, token: await signInAppUser(t, id) };
}

const fieldParts = (fields: Record<string, string>): Part[] => Object.entries(fields).map(([name, value]) => ({ name, value }));
const picture = (filename: string, content: Buffer): Part => ({ name: 'documents', filename, content });

async function submit(token: string, parts: Part[]): Promise<Answer<typeof certificationCalls.certificationSubmit>> {
  const body = multipart(parts);
  const res = await t.app.inject({ method: 'POST', url: certificationCalls.certificationSubmit.path, headers: { ...body.headers, 'x-token': token }, payload: body.payload });
  return res.json();
}
const submitted = async (token: string, parts: Part[]): Promise<CertificationRow> => {
  const answer = await submit(token, parts);
  if (answer.code !== 20000) throw new Error(JSON.stringify(answer));
  return answer.data;
};
const document = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: { 'x-token': token } });
const audit = (id: number, action: 'approve' | 'reject', reason = '', token = admin) => invoke(t, certificationCalls.certificationAudit, { id, action, reason }, token);
const storedFiles = async () => (await t.database.db.select({ path: uploadedFile.path }).from(uploadedFile).where(eq(uploadedFile.scope, 'certification'))).length;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
});
afterAll(() => t?.close());

describe('视频平台认证', () => {
  it('an agency submits an account with pictures; staff see them through the checked call only, each read audited; approved once', async () => {
    const a = await newAgency('认证代理甲');
    const made = await submitted(a.token, [...fieldParts(FIELDS), picture('主页.png', PNG), picture('后台.jpg', JPEG)]);
    expect(made).toMatchObject({ agency_id: a.id, agency_name: '认证代理甲', platform: 'douyin', account_name: '星火传媒官方', account_id: 'xinghuo2026', state: 1, reason: '', reviewer_name: null });
    expect(made.documents).toEqual([`/api/agency/certification_document?id=${made.id}&index=0`, `/api/agency/certification_document?id=${made.id}&index=1`]);

    // The pictures as sent, inline and never cached, to staff who may view certifications; never through /uploads.
    const first = await document(made.documents[0]!);
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.equals(PNG)).toBe(true);
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['cache-control']).toBe('no-store');
    expect((await document(made.documents[1]!)).rawPayload.equals(JPEG)).toBe(true);
    const [stored] = await t.database.db.select({ path: uploadedFile.path }).from(uploadedFile).where(eq(uploadedFile.scope, 'certification'));
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${stored!.path}`, headers: { 'x-token': admin } })).statusCode).toBe(404);
    expect((await invoke(t, fileCalls.download, { path: stored!.path }, admin)).code).toBe(40400);
    const reads = await t.database.db.select().from(auditLog).where(eq(auditLog.target, `agency.certification:${made.id}`));
    expect(reads).toHaveLength(2);
    expect((await document(`/api/agency/certification_document?id=${made.id}&index=2`)).json()).toMatchObject({ code: 40400 });
    expect((await document(made.documents[0]!, await signInWith(t, ['agency.view']))).json()).toMatchObject({ code: 40300 });

    // Listed in the agency's tab; the agency sees its own in the apps.
    expect(await ok(t, certificationCalls.certificationList, { agency_id: a.id, page: 1, limit: 20 }, admin)).toEqual({ count: 1, data: [made] });
    expect(await ok(t, certificationCalls.certificationMine, undefined, a.token)).toEqual([made]);

    // A viewer may not decide; the auditor approves once, and the decision is in the agency's history.
    const viewer = await signInWith(t, ['agency.certification.view']);
    expectError(await audit(made.id, 'approve', '', viewer), 40300);
    const approved = await ok(t, certificationCalls.certificationAudit, { id: made.id, action: 'approve', reason: '' }, admin);
    expect(approved).toMatchObject({ state: 2, reviewer_name: expect.any(String) });
    expect(approved.decided_at).not.toBeNull();
    expect(expectError(await audit(made.id, 'reject', '重复'), 40900)).toMatchObject({ field: 'state' });
    const history = await ok(t, agencyListCalls.agencyHistory, { id: a.id }, admin);
    expect(history.at(-1)).toMatchObject({ action: 'certification_approve', subject: '抖音 · 星火传媒官方' });
  });

  it('one under review per platform; a rejection needs its reason and frees the platform for a new submission', async () => {
    const a = await newAgency('认证代理乙');
    const made = await submitted(a.token, [...fieldParts(FIELDS), picture('主页.png', PNG)]);
    const before = await storedFiles();
    expect(expectError(await submit(a.token, [...fieldParts(FIELDS), picture('主页.png', PNG)]), 40900)).toMatchObject({ field: 'platform' });
    // Refused before its pictures were kept.
    expect(await storedFiles()).toBe(before);
    expect((await submitted(a.token, [...fieldParts({ ...FIELDS, platform: 'kuaishou' }), picture('主页.png', PNG)])).platform).toBe('kuaishou');

    expect(expectError(await audit(made.id, 'reject'), 40000)).toMatchObject({ field: 'reason' });
    expect(await ok(t, certificationCalls.certificationAudit, { id: made.id, action: 'reject', reason: '截图与账号不符' }, admin)).toMatchObject({ state: 0, reason: '截图与账号不符' });
    expect((await submitted(a.token, [...fieldParts(FIELDS), picture('主页.png', PNG)])).state).toBe(1);
    expect((await ok(t, certificationCalls.certificationList, { agency_id: a.id, state: 1, page: 1, limit: 20 }, admin)).count).toBe(2);
    expect((await ok(t, certificationCalls.certificationList, { agency_id: a.id, platform: 'douyin', page: 1, limit: 20 }, admin)).data.map((r) => r.state)).toEqual([1, 0]);
  });

  it('refuses bad input naming the field and keeps nothing; a user who is no agency is 40300', async () => {
    const a = await newAgency('认证代理丙');
    const before = await storedFiles();
    expect(expectError(await submit(a.token, [...fieldParts({ ...FIELDS, platform: 'tiktok' }), picture('主页.png', PNG)]), 40000)).toMatchObject({ field: 'platform' });
    expect(expectError(await submit(a.token, [...fieldParts({ ...FIELDS, account_name: '  ' }), picture('主页.png', PNG)]), 40000)).toMatchObject({ field: 'account_name' });
    expect(expectError(await submit(a.token, fieldParts(FIELDS)), 40000)).toMatchObject({ field: 'documents' });
    expect(expectError(await submit(a.token, [...fieldParts(FIELDS), picture('页面.html', Buffer.from('<html></html>'))]), 40000)).toMatchObject({ field: 'documents' });
    expect(expectError(await submit(a.token, [...fieldParts(FIELDS), picture('假图.png', Buffer.from('not a picture at all'))]), 40000)).toMatchObject({ field: 'documents' });
    expect(expectError(await submit(a.token, [...fieldParts(FIELDS), ...[1, 2, 3, 4].map((n) => picture(`${n}.png`, PNG))]), 40000)).toMatchObject({ field: 'documents' });
    expect(expectError(await submit(a.token, [...fieldParts(FIELDS), { name: 'file', filename: 'a.png', content: PNG }]), 40000)).toMatchObject({ field: 'file' });
    expect((await ok(t, certificationCalls.certificationList, { agency_id: a.id, page: 1, limit: 20 }, admin)).count).toBe(0);
    // The pictures a refused submission sent before its refusal are not kept.
    expect(await storedFiles()).toBe(before);

    const { id: plain } = await insertUser(t, { name: '普通用户丁', typeUser: 2 });
    expectError(await submit(await signInAppUser(t, plain), [...fieldParts(FIELDS), picture('主页.png', PNG)]), 40300);
  });
});

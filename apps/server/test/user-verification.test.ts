import { fileCalls, userCalls, type CallBody, type VerificationRow } from '@juqi/contract';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, uploadedFile, users, userVerification, userVerificationAudit } from '../src/lib/db/schema';
import { serverFileStore } from '../src/modules/file';
import { seedUsers } from '../src/modules/user/seed';
import { UserService } from '../src/modules/user/service';
import { buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, expectOk, invoke, invokeUnchecked, ok, signInAsAdmin } from './helpers/auth';
import { insertUser, readAll } from './helpers/users';

let t: TestApp;
let admin: string;
let reviewer: { token: string; staffId: number };
let service: UserService;

const doc = (kind: string, n: number) => ({ kind, path: `verification/2026/03/${String(n).padStart(32, 'a')}.jpg` });
const personal = (n: number) => ({
  type: 1 as const,
  realName: '张三',
  idNumber: '110105199001011234',
  documents: [doc('id_card_front', n), doc('id_card_back', n + 1), doc('id_card_in_hand', n + 2)],
});
const enterprise = (n: number) => ({
  type: 2 as const,
  enterpriseName: '杭州星辰文化传媒有限公司',
  creditCode: '91330106MA2B3C4D5E',
  legalPerson: '李四',
  documents: [doc('business_license', n)],
});

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  reviewer = await createStaffWith(t, ['user.verification.list', 'user.verification.view', 'user.verification.audit']);
  service = new UserService(t.database.db, t.clock, t.app.access.timeZone!, t.app.access.systemEvents!);
});
afterAll(() => t?.close());

const audit = (id: number, action: CallBody<typeof userCalls.verificationAudit>['action'], reason = '', token = reviewer.token) =>
  invoke(t, userCalls.verificationAudit, { id, action, reason }, token);
const userOf = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('the verification state machine', () => {
  it('approves a submission under review: 1 → 2, recorded, and the user becomes verified', async () => {
    const user = await insertUser(t);
    const id = await service.submitVerification(user.id, personal(1));
    expect((await userOf(user.id)).authenticationState).toBe(1);

    const res = expectOk(await audit(id, 'approve'));
    expect(res).toMatchObject({ id, state: 2, reviewer_id: reviewer.staffId, reviewer_name: expect.any(String), reason: '' });
    expect(res.reviewed_at).toEqual(expect.any(String));
    expect(res.audit.map((a) => [a.action, a.from_state, a.to_state])).toEqual([
      ['submit', null, 1],
      ['approve', 1, 2],
    ]);
    expect(res.audit[1]!.staff_id).toBe(reviewer.staffId);
    const after = await userOf(user.id);
    expect(after).toMatchObject({ authenticationState: 2, authenticationType: 1, realName: '张三' });
    const logged = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.verification.approve'));
    expect(logged.some((l) => l.target === `verification:${id}` && l.staffId === reviewer.staffId)).toBe(true);
  });

  it('rejects back to 0 only with a reason, which is kept; the user can submit again', async () => {
    const user = await insertUser(t);
    const id = await service.submitVerification(user.id, enterprise(10));
    expect(await audit(id, 'reject')).toMatchObject({ code: 40000, data: { field: 'reason' } });
    expect(await audit(id, 'reject', '   ')).toMatchObject({ code: 40000, data: { field: 'reason' } });
    const res = expectOk(await audit(id, 'reject', '营业执照模糊'));
    expect(res).toMatchObject({ state: 0, reason: '营业执照模糊' });
    expect(res.audit.at(-1)).toMatchObject({ action: 'reject', from_state: 1, to_state: 0, reason: '营业执照模糊' });
    expect((await userOf(user.id)).authenticationState).toBe(0);

    const again = await service.submitVerification(user.id, enterprise(20));
    expect((await userOf(user.id)).authenticationState).toBe(1);
    await audit(again, 'approve');
    expect(await userOf(user.id)).toMatchObject({ authenticationState: 2, authenticationType: 2, realName: '杭州星辰文化传媒有限公司' });
  });

  it('refuses every other transition with 40900 and changes nothing', async () => {
    const user = await insertUser(t);
    const approved = await service.submitVerification(user.id, personal(30));
    await audit(approved, 'approve');
    const before = await t.database.db.select().from(userVerificationAudit).where(eq(userVerificationAudit.verificationId, approved));
    expect(await audit(approved, 'approve')).toMatchObject({ code: 40900, data: { field: 'state', state: 2 } });
    expect(await audit(approved, 'reject', '改判')).toMatchObject({ code: 40900, data: { state: 2 } });
    const other = await insertUser(t);
    const rejected = await service.submitVerification(other.id, personal(40));
    await audit(rejected, 'reject', '不清晰');
    expect(await audit(rejected, 'approve')).toMatchObject({ code: 40900, data: { state: 0 } });
    expect(await audit(rejected, 'reject', '再拒')).toMatchObject({ code: 40900, data: { state: 0 } });
    const after = await t.database.db.select().from(userVerificationAudit).where(eq(userVerificationAudit.verificationId, approved));
    expect(after).toEqual(before);
    expect((await t.database.db.select().from(userVerification).where(eq(userVerification.id, rejected)))[0]!.reason).toBe('不清晰');
    expect(await audit(99_999_999, 'approve')).toMatchObject({ code: 40400 });
  });

  it('lets one of two simultaneous decisions win', async () => {
    const user = await insertUser(t);
    const id = await service.submitVerification(user.id, personal(50));
    const [a, b] = await Promise.all([audit(id, 'approve'), audit(id, 'reject', '同时')]);
    expect([a.code, b.code].sort()).toEqual([20000, 40900]);
    const trail = await t.database.db.select().from(userVerificationAudit).where(eq(userVerificationAudit.verificationId, id));
    expect(trail).toHaveLength(2);
  });

  it('keeps one submission under review per user', async () => {
    const user = await insertUser(t);
    await service.submitVerification(user.id, personal(60));
    await expect(service.submitVerification(user.id, enterprise(70))).rejects.toMatchObject({ code: 40900 });
  });

  it('refuses bad input with 40000 naming the field', async () => {
    expect(await invokeUnchecked(t, userCalls.verificationAudit, { id: 1, action: 'maybe' }, reviewer.token)).toMatchObject({ code: 40000, data: { field: 'action' } });
    expect(await invokeUnchecked(t, userCalls.verificationAudit, { action: 'approve' }, reviewer.token)).toMatchObject({ code: 40000, data: { field: 'id' } });
    expect(await invoke(t, userCalls.verificationAudit, { id: 1, action: 'reject', reason: 'x'.repeat(201) }, reviewer.token)).toMatchObject({
      code: 40000,
      data: { field: 'reason' },
    });
  });
});

describe('the review list and detail', () => {
  it('lists submissions newest first by state, type, user and mobile, with numbers masked', async () => {
    const user = await insertUser(t, { name: '列表用户' });
    const pending = await service.submitVerification(user.id, personal(100));
    t.clock.advance(1000);
    const all = await readAll((cursor) => ok(t, userCalls.authenticationLists, { limit: 3, ...(cursor ? { cursor } : {}) }, reviewer.token));
    const rows = await t.database.db.select().from(userVerification);
    expect(all.map((r) => r.id)).toEqual(rows.sort((a, b) => b.submittedAt.getTime() - a.submittedAt.getTime() || b.id - a.id).map((r) => r.id));
    for (const state of [0, 1, 2]) {
      const res = await readAll((cursor) => ok(t, userCalls.authenticationLists, { state, ...(cursor ? { cursor } : {}) }, reviewer.token));
      expect(res.map((r) => r.id).sort()).toEqual(rows.filter((r) => r.state === state).map((r) => r.id).sort());
    }
    const enterprises = await ok(t, userCalls.authenticationLists, { type: 2, limit: 200 }, reviewer.token);
    expect(enterprises.count).toBe(rows.filter((r) => r.type === 2).length);
    expect(enterprises.data.every((r: VerificationRow) => r.type === 2 && /^9133\*+4D5E$/.test(r.credit_code))).toBe(true);

    const mine = await ok(t, userCalls.authenticationLists, { mobile: user.mobile }, reviewer.token);
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]).toMatchObject({ id: pending, user_id: user.id, user_name: '列表用户', state: 1, type: 1, subject_name: '张三', id_number: '110***********1234' });
    expect((await ok(t, userCalls.authenticationLists, { user_id: user.id }, reviewer.token)).count).toBe(1);
    expect((await ok(t, userCalls.authenticationLists, { mobile: '19999999999' }, reviewer.token)).count).toBe(0);
  });

  it('shows one submission with the full numbers, its documents and its trail', async () => {
    const user = await insertUser(t);
    const id = await service.submitVerification(user.id, personal(200));
    const res = await ok(t, userCalls.verificationFind, { id }, reviewer.token);
    expect(res).toMatchObject({ id, id_number: '110105199001011234', state: 1 });
    expect(res.documents).toHaveLength(3);
    // The documents are served by the checked call only: the detail names it, never the stored path.
    expect(res.documents[0]).toEqual({ kind: 'id_card_front', url: `/api/user/verification_document?id=${id}&index=0` });
    expect(res.documents[2]).toEqual({ kind: 'id_card_in_hand', url: `/api/user/verification_document?id=${id}&index=2` });
    expect(res.audit).toHaveLength(1);
    expect((await invoke(t, userCalls.verificationFind, { id: 99_999_999 }, reviewer.token)).code).toBe(40400);
    expect((await ok(t, userCalls.details, { id: user.id }, admin)).verifications[0]).toMatchObject({ id, id_number: '110***********1234' });
  });

  it('keeps each call behind its own operation', async () => {
    const { token } = await createStaffWith(t, ['user.verification.list']);
    expect((await invoke(t, userCalls.authenticationLists, {}, token)).code).toBe(20000);
    expect((await invoke(t, userCalls.verificationFind, { id: 1 }, token)).code).toBe(40300);
    expect((await invoke(t, userCalls.verificationAudit, { id: 1, action: 'approve' }, token)).code).toBe(40300);
  });
});

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const files = () => serverFileStore(t.database.db, t.config.dataDir);
const fetchDocument = (id: number, index: number, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: userCalls.verificationDocument.path, query: { id: String(id), index: String(index) }, headers });

// Last: the seed below adds submissions, which the list test above counts.
describe('documents', () => {

  it('serves a document only through the checked call, to staff holding user.verification.view', async () => {
    const stored = doc('id_card_front', 300).path.replace(/\.jpg$/, '.png');
    await files().keep({ path: stored, name: '身份证正面.png', scope: 'verification', bytes: PNG });
    const user = await insertUser(t);
    const id = await service.submitVerification(user.id, { ...personal(300), documents: [{ kind: 'id_card_front', path: stored }, doc('id_card_back', 301)] });
    const { token: lister } = await createStaffWith(t, ['user.verification.list']);

    const served = await fetchDocument(id, 0, { 'x-token': reviewer.token });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PNG);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('no-store');
    expect(served.headers['content-disposition']).toMatch(/^inline; /);

    const refused = await fetchDocument(id, 0, { 'x-token': lister });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 40300 });
    expect((await fetchDocument(id, 0)).json()).toMatchObject({ code: 50008 });
    // Not through the generic file routes either, not even for a reviewer (token or cookie).
    for (const headers of [{ 'x-token': reviewer.token }, { cookie: `juqi_token=${reviewer.token}` }, { 'x-token': lister }]) {
      expect((await t.app.inject({ method: 'GET', url: `/uploads/${stored}`, headers })).json()).toMatchObject({ code: 40400 });
    }
    for (const token of [reviewer.token, lister, admin]) {
      expect((await invoke(t, fileCalls.download, { path: stored }, token)).code).toBe(40400);
    }
    // A document never stored, an index beyond the documents, an unknown submission: 40400.
    expect((await fetchDocument(id, 1, { 'x-token': reviewer.token })).json()).toMatchObject({ code: 40400 });
    expect((await fetchDocument(id, 2, { 'x-token': reviewer.token })).json()).toMatchObject({ code: 40400 });
    expect((await fetchDocument(99_999_999, 0, { 'x-token': reviewer.token })).json()).toMatchObject({ code: 40400 });
    expect((await fetchDocument(id, -1, { 'x-token': reviewer.token })).json()).toMatchObject({ code: 40000, data: { field: 'index' } });
  });

  it('records each document served in the audit log: who, whose submission, which document — one entry per read', async () => {
    const stored = doc('id_card_back', 500).path.replace(/\.jpg$/, '.png');
    await files().keep({ path: stored, name: '身份证反面.png', scope: 'verification', bytes: PNG });
    const user = await insertUser(t);
    const id = await service.submitVerification(user.id, { ...personal(500), documents: [doc('id_card_front', 501), { kind: 'id_card_back', path: stored }] });
    const reads = () => t.database.db.select().from(auditLog).where(eq(auditLog.target, `verification:${id}`)).orderBy(auditLog.id);

    for (let read = 0; read < 2; read += 1) expect((await fetchDocument(id, 1, { 'x-token': reviewer.token })).statusCode).toBe(200);
    expect((await reads()).map((row) => [row.staffId, row.action, row.detail])).toEqual(
      Array.from({ length: 2 }, () => [reviewer.staffId, 'user.verification.document', { user_id: user.id, index: 1, kind: 'id_card_back' }]),
    );
    // A refused caller and a document that does not exist read nothing.
    const { token: lister } = await createStaffWith(t, ['user.verification.list']);
    await fetchDocument(id, 1, { 'x-token': lister });
    await fetchDocument(id, 7, { 'x-token': reviewer.token });
    expect(await reads()).toHaveLength(2);
  });

  it('does not serve an upload of another scope that a submission names', async () => {
    const upload = await t.app.inject({
      method: 'POST',
      url: fileCalls.save.path,
      headers: { 'x-token': admin, 'content-type': 'multipart/form-data; boundary=b' },
      payload: Buffer.concat([
        Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n'),
        PNG,
        Buffer.from('\r\n--b--\r\n'),
      ]),
    });
    const { path: publicPath } = upload.json().data as { path: string };
    const user = await insertUser(t);
    const id = await service.submitVerification(user.id, { ...personal(400), documents: [{ kind: 'id_card_front', path: publicPath }] });
    expect((await fetchDocument(id, 0, { 'x-token': reviewer.token })).json()).toMatchObject({ code: 40400 });
  });

  it('the seed ships its documents as PNG images in the verification scope', async () => {
    const log = pino({ level: 'silent' });
    const before = (await t.database.db.select({ id: users.id }).from(users)).length;
    await seedUsers({ db: t.database.db, log, demo: false, sizes: { users: before + 60 }, files: files() });
    // Idempotent: a second run stores nothing twice.
    await seedUsers({ db: t.database.db, log, demo: false, sizes: { users: before + 60 }, files: files() });
    const generated = (await t.database.db.select().from(userVerification)).filter((v) => v.userId > before);
    expect(generated.length).toBeGreaterThan(5);
    const paths = [...new Set(generated.flatMap((v) => v.documents.map((d) => d.path)))];
    const rows = await t.database.db.select().from(uploadedFile).where(inArray(uploadedFile.path, paths));
    expect(rows.map((r) => r.path).sort()).toEqual([...paths].sort());
    expect(rows.every((r) => r.scope === 'verification' && r.mime === 'image/png')).toBe(true);

    for (const v of generated.filter((g) => g.type === 1).slice(0, 1).concat(generated.filter((g) => g.type === 2).slice(0, 1))) {
      const detail = await ok(t, userCalls.verificationFind, { id: v.id }, reviewer.token);
      expect(detail.documents).toHaveLength(3);
      for (const document of detail.documents) {
        const res = await t.app.inject({ method: 'GET', url: document.url, headers: { 'x-token': reviewer.token } });
        expect(res.statusCode, document.url).toBe(200);
        expect(res.rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);
        // IHDR: a picture of a card, not a pixel.
        expect(res.rawPayload.readUInt32BE(16)).toBeGreaterThanOrEqual(300);
        expect(res.rawPayload.readUInt32BE(20)).toBeGreaterThanOrEqual(180);
      }
    }
  });
});

import { randomBytes } from 'node:crypto';
import { material, MATERIAL_STATES, PLATFORM, PUBLICATION_STATES, publishAccount, publishingCalls, PUBLISH_ATTEMPTS } from '@juqi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/lib/db/client';
import { SecretBox } from '../src/lib/secrets';
import { material as materialTable, publication, publishAccount as publishAccountTable } from '../src/modules/publishing/table';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectError, expectRefused, invoke, ok, signInAsAdmin } from './helpers/auth';
import { testEngine } from './helpers/database';
import { fakeWordPress, WP_PASSWORD, WP_USER } from './helpers/publishing-fakes';

/**
 * 发布管理 (docs/publishing.md › Publishing) against a fake WordPress: what may be scheduled, and each way a send ends
 * — published, waiting and retried, refused, unknown and looked for — with the queue driven by hand (`runNow`), then
 * worked for real: a timed publish on time, a restart resumed, and two processes on one PostgreSQL sending each once.
 */
const KEY = randomBytes(32);
let t: TestApp;
let admin: string;
let wordpress: Awaited<ReturnType<typeof fakeWordPress>>;
let blog: number;
let n = 0;

beforeAll(async () => {
  t = await buildTestApp({ config: { outboundPrivateHosts: true, secrets: { current: KEY } } });
  admin = await signInAsAdmin(t);
  wordpress = await fakeWordPress();
  blog = await account('官方博客');
});
afterAll(async () => {
  await wordpress?.server.close();
  await t?.close();
});
beforeEach(() => {
  wordpress.state.mode = { kind: 'ok' };
});

async function account(name: string, extra: { daily_quota?: number; enabled?: boolean } = {}, app = t, token = admin) {
  return (await ok(app, publishAccount.calls.add!, { name, platform: PLATFORM.wordpress, url: wordpress.url, username: WP_USER, credential: WP_PASSWORD, ...extra }, token)).id;
}
/** An approved material of a title and body no other has. */
async function approved(app = t, token = admin) {
  n += 1;
  const { id } = await ok(app, material.calls.add!, { title: `装修攻略第${n}篇`, keyword: '装修', body: `<p>正文 ${n}</p>` }, token);
  await app.database.db.update(materialTable).set({ state: MATERIAL_STATES.approved }).where(eq(materialTable.id, id));
  return id;
}
const row = async (id: number) => ok(t, publishingCalls.publicationDetails, { id }, admin);
const publishNow = async (materialIds: number[], accountIds = [blog]) => (await ok(t, publishingCalls.publish, { material_ids: materialIds, account_ids: accountIds }, admin)).ids;
const send = (id: number) => t.app.jobs.runNow('publishing.publish', { id });
const check = (id: number) => t.app.jobs.runNow('publishing.check', { id });
const count = async () => (await t.database.db.select({ id: publication.id }).from(publication)).length;

describe('scheduling', () => {
  it('publishes an approved material now: sent once, its post and link kept, its attempt recorded', async () => {
    const [id] = await publishNow([await approved()]);
    expect(await row(id!)).toMatchObject({ state: PUBLICATION_STATES.scheduled, mode: 1, account_name: '官方博客', attempts: 0 });
    await send(id!);
    const done = await row(id!);
    expect(done).toMatchObject({ state: PUBLICATION_STATES.published, attempts: 1, post_id: expect.any(String), url: expect.stringMatching(/^https:\/\/blog\.example\.com\/\?p=\d+$/), error: '' });
    expect(done.attempts_made).toEqual([expect.objectContaining({ outcome: 'published' })]);
    // The job coming again (a crash after the send, a second worker) sends nothing.
    const posts = wordpress.posts.length;
    await send(id!);
    expect(wordpress.posts.length).toBe(posts);
    const listed = await ok(t, publishingCalls.publicationList, { state: [PUBLICATION_STATES.published], page: 1, limit: 20 }, admin);
    expect(listed.data.map((one) => one.id)).toContain(id);
  });

  it('refuses, changing nothing: a material not approved, an account switched off, a text the account holds, a time past, a full day', async () => {
    const before = await count();
    const { id: draft } = await ok(t, material.calls.add!, { title: '未审核的素材', body: '<p>草稿</p>' }, admin);
    expectRefused(await invoke(t, publishingCalls.publish, { material_ids: [draft], account_ids: [blog] }, admin), 'material_ids', publishingCalls.publish);
    const off = await account('停用的账号', { enabled: false });
    expectRefused(await invoke(t, publishingCalls.publish, { material_ids: [await approved()], account_ids: [off] }, admin), 'account_ids', publishingCalls.publish);
    expectRefused(await invoke(t, publishingCalls.publish, { material_ids: [await approved()], account_ids: [blog], at: '2020-01-01T00:00:00Z' }, admin), 'at', publishingCalls.publish);

    // Once on an account: the same material, or another of the same title, or of the same body.
    const once = await approved();
    await publishNow([once]);
    const before2 = await count();
    expectRefused(await invoke(t, publishingCalls.publish, { material_ids: [once], account_ids: [blog] }, admin), 'material_ids', publishingCalls.publish);
    const sameTitle = (await ok(t, material.calls.add!, { title: `装修攻略第${n}篇`, body: '<p>另一段正文</p>' }, admin)).id;
    await t.database.db.update(materialTable).set({ state: MATERIAL_STATES.approved }).where(eq(materialTable.id, sameTitle));
    expectRefused(await invoke(t, publishingCalls.publish, { material_ids: [sameTitle], account_ids: [blog] }, admin), 'material_ids', publishingCalls.publish);
    expect(await count()).toBe(before2);

    // Each account publishes at most its daily quota on a day of the platform's calendar.
    const small = await account('小号', { daily_quota: 2 });
    expectRefused(await invoke(t, publishingCalls.publish, { material_ids: [await approved(), await approved(), await approved()], account_ids: [small] }, admin), 'account_ids', publishingCalls.publish);
    expect((await publishNow([await approved(), await approved()], [small])).length).toBe(2);
    expectRefused(await invoke(t, publishingCalls.publish, { material_ids: [await approved()], account_ids: [small] }, admin), 'account_ids', publishingCalls.publish);
    expect(await count()).toBe(before2 + 2);
    expect(before).toBeLessThan(before2);
  });
});

describe('a send’s outcomes', () => {
  it('waits what a 429 asks and tries again; fails after the last attempt', async () => {
    const [id] = await publishNow([await approved()]);
    wordpress.state.mode = { kind: 'limited', retryAfter: '7' };
    await send(id!);
    const waiting = await row(id!);
    expect(waiting).toMatchObject({ state: PUBLICATION_STATES.scheduled, attempts: 1, error: 'HTTP 429: Slow down' });
    expect(Date.parse(waiting.scheduled_at) - Date.now()).toBeGreaterThan(5_000);
    // Not due yet: the job finds nothing to do.
    await send(id!);
    expect((await row(id!)).attempts).toBe(1);

    t.clock.advance(8_000);
    await send(id!);
    t.clock.advance(8_000);
    await send(id!);
    expect(await row(id!)).toMatchObject({ state: PUBLICATION_STATES.failed, attempts: PUBLISH_ATTEMPTS, error: 'HTTP 429: Slow down' });

    // 重试 by hand: sent again now, its attempts starting over.
    wordpress.state.mode = { kind: 'ok' };
    await ok(t, publishingCalls.publicationRetry, { id: id! }, admin);
    await send(id!);
    expect(await row(id!)).toMatchObject({ state: PUBLICATION_STATES.published, attempts: 1 });
  });

  it('fails at once where the platform refuses, and on a material edited since it was scheduled', async () => {
    const wrong = (await ok(t, publishAccount.calls.add!, { name: '密码错误', platform: PLATFORM.wordpress, url: wordpress.url, username: WP_USER, credential: 'wrong-password-0000' }, admin)).id;
    const [refused] = await publishNow([await approved()], [wrong]);
    await send(refused!);
    expect(await row(refused!)).toMatchObject({ state: PUBLICATION_STATES.failed, attempts: 1, error: 'HTTP 401: You are not currently logged in.' });

    const edited = await approved();
    const [id] = await publishNow([edited]);
    await ok(t, material.calls.edit!, { id: edited, title: '改过的标题' }, admin);
    await send(id!);
    expect(await row(id!)).toMatchObject({ state: PUBLICATION_STATES.failed, error: expect.stringContaining('重新通过审核') });
  });

  it('fails, sending nothing, where the account’s credential was sealed under a key no longer held; 测试连接 says so on the field', async () => {
    const stranded = await account('换钥之前的账号');
    await t.database.db.update(publishAccountTable).set({ credential: new SecretBox({ current: randomBytes(32) }).seal(WP_PASSWORD) }).where(eq(publishAccountTable.id, stranded));
    const posts = wordpress.posts.length;
    const [id] = await publishNow([await approved()], [stranded]);
    await send(id!);
    expect(await row(id!)).toMatchObject({ state: PUBLICATION_STATES.failed, attempts: 1, error: expect.stringContaining('无法解密') });
    expect(wordpress.posts.length).toBe(posts);
    const checked = await invoke(t, publishingCalls.accountCheck, { id: stranded }, admin);
    expect(expectError(checked, 40900)).toMatchObject({ field: 'credential' });
  });

  it('never sends again an outcome not known: it looks for the post first — found, it is published', async () => {
    const [id] = await publishNow([await approved()]);
    wordpress.state.mode = { kind: 'made-then-cut' };
    await send(id!);
    expect(await row(id!)).toMatchObject({ state: PUBLICATION_STATES.unknown, attempts: 1 });
    const posts = wordpress.posts.length;
    await send(id!);
    expect(wordpress.posts.length).toBe(posts);
    // 重试 is refused while unknown: it would post twice.
    expectError(await invoke(t, publishingCalls.publicationRetry, { id: id! }, admin), 40900);

    wordpress.state.mode = { kind: 'ok' };
    await check(id!);
    const found = await row(id!);
    expect(found).toMatchObject({ state: PUBLICATION_STATES.published, url: expect.stringContaining('blog.example.com') });
    expect(found.attempts_made.map((one) => one.outcome)).toEqual(['unknown', 'found']);
    expect(wordpress.posts.length).toBe(posts);
  });

  it('not found after an unknown outcome (a 5xx that made nothing), it is sent again; 核实 answers the publication', async () => {
    const [id] = await publishNow([await approved()]);
    wordpress.state.mode = { kind: 'broken' };
    await send(id!);
    expect(await row(id!)).toMatchObject({ state: PUBLICATION_STATES.unknown, error: 'HTTP 503: Database error' });
    wordpress.state.mode = { kind: 'ok' };
    expect(await ok(t, publishingCalls.publicationCheck, { id: id! }, admin)).toMatchObject({ state: PUBLICATION_STATES.scheduled });
    await send(id!);
    const done = await row(id!);
    expect(done).toMatchObject({ state: PUBLICATION_STATES.published, attempts: 2 });
    expect(done.attempts_made.map((one) => one.outcome)).toEqual(['unknown', 'not_found', 'published']);
    expectError(await invoke(t, publishingCalls.publicationCheck, { id: id! }, admin), 40900);
  });

  it('cancels what waits, failed or unknown, not what is published; a cancelled one frees its text for another try', async () => {
    const materialId = await approved();
    const [id] = await publishNow([materialId]);
    await ok(t, publishingCalls.publicationCancel, { id: id! }, admin);
    await send(id!);
    expect(await row(id!)).toMatchObject({ state: PUBLICATION_STATES.cancelled, attempts: 0 });
    const [again] = await publishNow([materialId]);
    await send(again!);
    expect((await row(again!)).state).toBe(PUBLICATION_STATES.published);
    expectError(await invoke(t, publishingCalls.publicationCancel, { id: again! }, admin), 40900);
    // The cancelled one cannot come back now: the account holds its text.
    expectError(await invoke(t, publishingCalls.publicationRetry, { id: id! }, admin), 40900);
  });

  it('takes a publication left sending by a stopped process as unknown, and looks for it', async () => {
    const [id] = await publishNow([await approved()]);
    await t.database.db.update(publication).set({ state: PUBLICATION_STATES.sending, attempts: 1, updatedAt: new Date(Date.now() - 600_000) }).where(eq(publication.id, id!));
    await send(id!);
    expect(await row(id!)).toMatchObject({ state: PUBLICATION_STATES.unknown, error: '发送中断，结果未知' });
    await check(id!);
    await send(id!);
    expect((await row(id!)).state).toBe(PUBLICATION_STATES.published);
  });
});

describe('the queue, worked', () => {
  it('starts a timed publish within 2 s of its time, and one scheduled before a restart after it', async () => {
    // The first process schedules and stops before the time; the second, on the same database, sends it.
    const first = await buildTestApp({ config: { outboundPrivateHosts: true, secrets: { current: KEY } }, database: t.database });
    const token = await signInAsAdmin(first);
    const materialId = await approved(first, token);
    const at = new Date(Date.now() + 1_000);
    const [id] = (await ok(first, publishingCalls.publish, { material_ids: [materialId], account_ids: [blog], at: at.toISOString() }, token)).ids;
    await first.close();

    const second = await buildTestApp({ config: { outboundPrivateHosts: true, secrets: { current: KEY } }, database: t.database, jobs: { work: true, pollingSeconds: 5 } });
    try {
      // Due while no process worked the queue: sent once the second is up.
      await expect.poll(async () => (await row(id!)).state, { timeout: 15_000, interval: 200 }).toBe(PUBLICATION_STATES.published);

      // A timed publish on a process working the queue: not before its time, and within 2 s of it.
      const next = new Date(Date.now() + 2_500);
      const [timed] = (await ok(second, publishingCalls.publish, { material_ids: [await approved()], account_ids: [blog], at: next.toISOString() }, await signInAsAdmin(second))).ids;
      await expect.poll(async () => (await row(timed!)).state, { timeout: 15_000, interval: 100 }).toBe(PUBLICATION_STATES.published);
      const [{ key }] = (await t.database.db.select({ key: publication.key }).from(publication).where(eq(publication.id, timed!))) as [{ key: string }];
      const late = wordpress.posts.find((one) => one.slug === `juqi-${key}`)!.at - next.getTime();
      expect(late).toBeGreaterThanOrEqual(-50);
      expect(late).toBeLessThan(2_000);
    } finally {
      await second.close();
    }
  });

  it.runIf(testEngine === 'postgres')('sends each publication once with two processes working one PostgreSQL database', async () => {
    const url = (t.database.client as unknown as { options: { connectionString: string } }).options.connectionString;
    const other = await openPostgres(url, 3);
    const config = { outboundPrivateHosts: true, secrets: { current: KEY } };
    const [a, b] = [await buildTestApp({ config, database: t.database, jobs: { work: true, pollingSeconds: 0.5 } }), await buildTestApp({ config, database: other, jobs: { work: true, pollingSeconds: 0.5 } })];
    try {
      const materials = [];
      for (let i = 0; i < 10; i += 1) materials.push(await approved());
      const posts = wordpress.posts.length;
      const ids = (await ok(a, publishingCalls.publish, { material_ids: materials, account_ids: [await account('并发账号', { daily_quota: 20 })] }, await signInAsAdmin(a))).ids;
      await expect.poll(async () => (await Promise.all(ids.map(row))).every((one) => one.state === PUBLICATION_STATES.published), { timeout: 30_000, interval: 300 }).toBe(true);
      expect(wordpress.posts.length - posts).toBe(10);
      for (const id of ids) expect((await row(id)).attempts_made).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
      await other.close();
    }
  });
});

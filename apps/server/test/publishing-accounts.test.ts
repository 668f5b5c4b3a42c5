import { randomBytes } from 'node:crypto';
import { PLATFORM, publishAccount, publishingCalls, SECRET_MASK } from '@juqi/contract';
import { parseFeed } from '@rowanmanning/feed-parser';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/lib/audit/table';
import { isInternalAddress } from '../src/lib/http/outbound';
import { SecretBox } from '../src/lib/secrets';
import { publishAdapters, PublishFailure, type AccountWithSecrets, type Post } from '../src/modules/publishing/adapters';
import { publishAccount as accountTable } from '../src/modules/publishing/table';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectError, expectRefused, invoke, type CallInput, ok, signInAsAdmin, signInWith } from './helpers/auth';
import { fakeReceiver, fakeWordPress, HOOK_SECRET, WP_PASSWORD, WP_USER } from './helpers/publishing-fakes';

/**
 * 账号管理 and the platforms' adapters (docs/publishing.md › Accounts and adapters), against local fakes: a Fastify
 * WordPress answering its REST shape and its errors, a webhook receiver checking the signature as a customer's site
 * would, and the product's own feed parsed back by a feed parser. Credentials: sealed at rest, never answered.
 */

let t: TestApp;
let admin: string;
let wordpress: Awaited<ReturnType<typeof fakeWordPress>>;
let receiver: Awaited<ReturnType<typeof fakeReceiver>>;
const fakes: FastifyInstance[] = [];

beforeAll(async () => {
  t = await buildTestApp({ config: { outboundPrivateHosts: true } });
  admin = await signInAsAdmin(t);
  wordpress = await fakeWordPress();
  receiver = await fakeReceiver();
  fakes.push(wordpress.server, receiver.server);
});
afterAll(async () => {
  await Promise.all(fakes.map((fake) => fake.close()));
  await t?.close();
});

const post = (key: string, title = `标题 ${key}`): Post => ({ key, title, html: `<p>${title}</p>`, keyword: '装修', publishedAt: new Date('2026-12-01T02:00:00Z') });
const addAccount = (values: CallInput<NonNullable<typeof publishAccount.calls.add>>) => invoke(t, publishAccount.calls.add!, values, admin);

describe('accounts (账号管理)', () => {
  it('keeps a credential sealed, never answers it, and keeps it on an edit that leaves it empty', async () => {
    const { id } = (await ok(t, publishAccount.calls.add!, { name: '官方博客', platform: PLATFORM.wordpress, url: wordpress.url, username: WP_USER, credential: WP_PASSWORD }, admin)) as { id: number };
    const [row] = await t.database.db.select({ credential: accountTable.credential }).from(accountTable).where(eq(accountTable.id, id));
    expect(row!.credential).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(row!.credential).not.toContain('abcd');
    expect(t.app.secrets.open(row!.credential!)).toBe(WP_PASSWORD);

    const answers = JSON.stringify([await invoke(t, publishAccount.calls.details, { id }, admin), await invoke(t, publishAccount.calls.list, {}, admin)]);
    expect(answers).not.toContain('abcd');
    expect(await ok(t, publishAccount.calls.details, { id }, admin)).toMatchObject({ credential: SECRET_MASK, username: WP_USER });

    // Left empty (or sent back as its mask), the kept one stays; the audit holds the mask alone.
    await ok(t, publishAccount.calls.edit!, { id, remark: '主站', credential: '' }, admin);
    await ok(t, publishAccount.calls.edit!, { id, credential: SECRET_MASK }, admin);
    const [kept] = await t.database.db.select({ credential: accountTable.credential }).from(accountTable).where(eq(accountTable.id, id));
    expect(t.app.secrets.open(kept!.credential!)).toBe(WP_PASSWORD);
    const audit = await t.database.db.select({ detail: auditLog.detail }).from(auditLog).where(eq(auditLog.target, `publishing.account:${id}`));
    expect(audit).toHaveLength(3);
    expect(JSON.stringify(audit)).not.toContain('abcd');
    expect(await ok(t, publishingCalls.accountCheck, { id }, admin)).toMatchObject({ ok: true, message: 'Site Editor' });
  });

  it('asks each platform for what it needs, over https unless local fakes are allowed', async () => {
    expectRefused(await addAccount({ name: 'wp-no-password', platform: PLATFORM.wordpress, url: wordpress.url, username: WP_USER }), 'credential', publishAccount.calls.add);
    expectRefused(await addAccount({ name: 'wp-no-user', platform: PLATFORM.wordpress, url: wordpress.url, credential: WP_PASSWORD }), 'username', publishAccount.calls.add);
    expectRefused(await addAccount({ name: 'hook-no-url', platform: PLATFORM.webhook, credential: HOOK_SECRET }), 'url', publishAccount.calls.add);
    expectRefused(await addAccount({ name: 'hook-short', platform: PLATFORM.webhook, url: receiver.url, credential: 'short' }), 'credential', publishAccount.calls.add);
    expectRefused(await addAccount({ name: 'not-a-url', platform: PLATFORM.webhook, url: 'ftp://x', credential: HOOK_SECRET }), 'url', publishAccount.calls.add);
    expect((await addAccount({ name: '订阅源-仅名称', platform: PLATFORM.feed })).code).toBe(20000);
    // Left out, the platform is WordPress's, which asks for its site.
    expectRefused(await addAccount({ name: '平台未选' }), 'url', publishAccount.calls.add);

    // Switching a feed to WordPress asks for what WordPress needs.
    const { id } = (await ok(t, publishAccount.calls.add!, { name: '订阅源-改平台', platform: PLATFORM.feed }, admin)) as { id: number };
    expectRefused(await invoke(t, publishAccount.calls.edit!, { id, platform: PLATFORM.wordpress }, admin), 'url', publishAccount.calls.edit);

    const strict = await buildTestApp({ config: { outboundPrivateHosts: false } });
    try {
      const token = await signInAsAdmin(strict);
      expectRefused(await invoke(strict, publishAccount.calls.add!, { name: 'plain', platform: PLATFORM.webhook, url: 'http://shop.example.com/hook', credential: HOOK_SECRET }, token), 'url', publishAccount.calls.add);
    } finally {
      await strict.close();
    }
  });

  it('refuses a credential where no key is set, naming SECRETS_KEY, and keeps nothing', async () => {
    const keyless = await buildTestApp({ config: { secrets: {}, outboundPrivateHosts: true } });
    try {
      const token = await signInAsAdmin(keyless);
      const answer = await invoke(keyless, publishAccount.calls.add!, { name: 'no-key', platform: PLATFORM.webhook, url: receiver.url, credential: HOOK_SECRET }, token);
      expectRefused(answer, 'credential', publishAccount.calls.add);
      expect(answer.message).toContain('SECRETS_KEY');
      expect((await ok(keyless, publishAccount.calls.list, {}, token)).count).toBe(0);
    } finally {
      await keyless.close();
    }
  });

  it('re-seals under the new key what the previous one sealed, after a rotation', async () => {
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    const rotated = await buildTestApp({ config: { secrets: { current: newKey, previous: oldKey } } });
    try {
      const token = await signInAsAdmin(rotated);
      const { id } = (await ok(rotated, publishAccount.calls.add!, { name: 'rotated', platform: PLATFORM.webhook, url: 'https://shop.example.com/hook', credential: HOOK_SECRET }, token)) as { id: number };
      const sealed = async () => (await rotated.database.db.select({ credential: accountTable.credential }).from(accountTable).where(eq(accountTable.id, id)))[0]!.credential!;
      // A credential kept from before the rotation: sealed under the previous key, which still opens it.
      const old = new SecretBox({ current: oldKey }).seal(HOOK_SECRET);
      await rotated.database.db.update(accountTable).set({ credential: old }).where(eq(accountTable.id, id));
      expect(rotated.app.secrets.stale(old)).toBe(true);
      expect(rotated.app.secrets.open(old)).toBe(HOOK_SECRET);

      await rotated.app.jobs.runNow('secrets.rotate', {});
      const now = await sealed();
      expect(rotated.app.secrets.stale(now)).toBe(false);
      expect(new SecretBox({ current: newKey }).open(now)).toBe(HOOK_SECRET);
      // Idempotent: a value under the current key is left as it is.
      await rotated.app.jobs.runNow('secrets.rotate', {});
      expect(await sealed()).toBe(now);
      expect(() => new SecretBox({ current: randomBytes(32) }).open(now)).toThrow(/neither SECRETS_KEY/);
    } finally {
      await rotated.close();
    }
  });

  it('answers 测试连接 with the platform’s words: a wrong password, an unreachable site', async () => {
    const { id } = (await ok(t, publishAccount.calls.add!, { name: '错误密码', platform: PLATFORM.wordpress, url: wordpress.url, username: WP_USER, credential: 'wrong-password-0000' }, admin)) as { id: number };
    expect(await ok(t, publishingCalls.accountCheck, { id }, admin)).toMatchObject({ ok: false, message: 'HTTP 401: You are not currently logged in.' });
    const gone = (await ok(t, publishAccount.calls.add!, { name: '无人应答', platform: PLATFORM.webhook, url: 'http://127.0.0.1:9/hook', credential: HOOK_SECRET }, admin)) as { id: number };
    expect(await ok(t, publishingCalls.accountCheck, { id: gone.id }, admin)).toMatchObject({ ok: false });
    expectError(await invoke(t, publishingCalls.accountCheck, { id: 999_999 }, admin), 40400);
    const viewer = await signInWith(t, ['publishing.account.view']);
    expectError(await invoke(t, publishingCalls.accountCheck, { id }, viewer), 40300);
  });
});

const wpAccount = (): AccountWithSecrets => ({ id: 1, name: 'wp', platform: PLATFORM.wordpress, url: wordpress.url, username: WP_USER, credential: WP_PASSWORD, enabled: true });
const adapters = () => publishAdapters(t.database.db, { privateHosts: true });
const hook = (): AccountWithSecrets => ({ id: 2, name: 'hook', platform: PLATFORM.webhook, url: receiver.url, username: '', credential: HOOK_SECRET, enabled: true });
/** The PublishFailure a call ends in. */
const failure = (promise: Promise<unknown>) => promise.then(() => expect.unreachable(), (error: unknown) => error as PublishFailure);

describe('the WordPress adapter, against a fake WordPress', () => {
  it('publishes with the key in the slug and finds the post by it', async () => {
    const made = await adapters()[PLATFORM.wordpress].publish(wpAccount(), post('k-wp-1'));
    expect(made).toEqual({ postId: expect.any(String), url: expect.stringMatching(/^https:\/\/blog\.example\.com\/\?p=\d+$/) });
    expect(wordpress.posts.at(-1)).toMatchObject({ slug: 'juqi-k-wp-1', title: '标题 k-wp-1' });
    expect(await adapters()[PLATFORM.wordpress].find(wpAccount(), post('k-wp-1'))).toEqual(made);
    expect(await adapters()[PLATFORM.wordpress].find(wpAccount(), post('k-never'))).toBeNull();
  });

  it('tells a refusal, a wait, a failure and an unknown outcome apart', async () => {
    const wp = adapters()[PLATFORM.wordpress];

    expect(await failure(wp.publish({ ...wpAccount(), credential: 'nope' }, post('k-401')))).toMatchObject({ kind: 'refused', message: 'HTTP 401: You are not currently logged in.' });
    wordpress.state.mode = { kind: 'limited', retryAfter: '7' };
    expect(await failure(wp.publish(wpAccount(), post('k-429')))).toMatchObject({ kind: 'retry', retryAfterSeconds: 7 });
    wordpress.state.mode = { kind: 'limited', retryAfter: new Date(Date.now() + 120_000).toUTCString() };
    expect((await failure(wp.publish(wpAccount(), post('k-429-date')))).retryAfterSeconds).toBeGreaterThan(100);
    // A 5xx may come after the post was made: not known, to be looked for.
    wordpress.state.mode = { kind: 'broken' };
    expect(await failure(wp.publish(wpAccount(), post('k-503')))).toMatchObject({ kind: 'unknown', message: 'HTTP 503: Database error' });
    // Made, and the connection lost before the answer: unknown, and finding it settles it.
    wordpress.state.mode = { kind: 'made-then-cut' };
    expect(await failure(wp.publish(wpAccount(), post('k-cut')))).toMatchObject({ kind: 'unknown' });
    wordpress.state.mode = { kind: 'ok' };
    expect(await wp.find(wpAccount(), post('k-cut'))).toMatchObject({ postId: expect.any(String) });
    // Nothing listening: nothing was sent, so trying again is safe.
    expect(await failure(wp.publish({ ...wpAccount(), url: 'http://127.0.0.1:9' }, post('k-refused')))).toMatchObject({ kind: 'retry' });
  });
});

describe('the webhook adapter, against a receiver checking its signature', () => {
  it('signs every delivery; the receiver refuses a wrong secret; a repeat of a key makes nothing new', async () => {
    const webhook = adapters()[PLATFORM.webhook];
    expect(await webhook.check(hook())).toBe(receiver.url);
    const made = await webhook.publish(hook(), post('k-hook-1', '装修避坑指南'));
    expect(made).toEqual({ postId: 'hook-k-hook-1', url: 'https://shop.example.com/news/k-hook-1' });
    expect(await webhook.find(hook(), post('k-hook-1', '装修避坑指南'))).toEqual(made);
    expect([...receiver.made.keys()].filter((key) => key === 'k-hook-1')).toHaveLength(1);
    await expect(webhook.publish({ ...hook(), credential: 'another-secret-0000' }, post('k-hook-2'))).rejects.toMatchObject({ kind: 'refused', message: 'HTTP 401: bad signature' });
    expect(receiver.made.has('k-hook-2')).toBe(false);
  });
});

describe('the feed', () => {
  it('serves a feed account’s entries as valid Atom at an address shown once; a renewed or switched-off address is gone', async () => {
    const { id } = (await ok(t, publishAccount.calls.add!, { name: '资讯订阅', platform: PLATFORM.feed }, admin)) as { id: number };
    const { path } = await ok(t, publishingCalls.accountFeed, { id }, admin);
    expect(path).toMatch(/^\/feeds\/[A-Za-z0-9_-]{32}\.atom$/);
    const account: AccountWithSecrets = { id, name: '资讯订阅', platform: PLATFORM.feed, url: '', username: '', credential: null, enabled: true };
    const feed = adapters()[PLATFORM.feed];
    await feed.publish(account, post('k-feed-1', '第一篇 <与> & 引号"'));
    await feed.publish(account, { ...post('k-feed-2', '第二篇'), publishedAt: new Date('2026-12-02T02:00:00Z') });
    // Published again under its key (after an unknown outcome): still one entry.
    expect(await feed.publish(account, post('k-feed-1', '第一篇 <与> & 引号"'))).toEqual(await feed.find(account, post('k-feed-1')));

    const answer = await t.app.inject({ method: 'GET', url: path });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const parsed = parseFeed(answer.body);
    expect(parsed.title).toBe('资讯订阅');
    expect(parsed.items.map((item) => item.title)).toEqual(['第二篇', '第一篇 <与> & 引号"']);
    expect(parsed.items[1]!.content).toContain('<p>');

    const renewed = await ok(t, publishingCalls.accountFeed, { id }, admin);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: renewed.path })).statusCode).toBe(200);
    await ok(t, publishAccount.calls.edit!, { id, enabled: false }, admin);
    expect((await t.app.inject({ method: 'GET', url: renewed.path })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/feeds/not-a-token.atom' })).statusCode).toBe(404);

    const wp = (await ok(t, publishAccount.calls.add!, { name: '博客-无订阅', platform: PLATFORM.wordpress, url: wordpress.url, username: WP_USER, credential: WP_PASSWORD }, admin)) as { id: number };
    expect(expectError(await invoke(t, publishingCalls.accountFeed, { id: wp.id }, admin), 40900).field).toBe('platform');
  });
});

describe('outbound requests', () => {
  it('reach no internal address and no plain http unless local fakes are allowed', async () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '0.0.0.0'])
      expect(isInternalAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:8.8.8.8']) expect(isInternalAddress(address), address).toBe(false);

    const strict = publishAdapters(t.database.db, { privateHosts: false });
    await expect(strict[PLATFORM.wordpress].check(wpAccount())).rejects.toMatchObject({ kind: 'retry', message: expect.stringContaining('https') });
    await expect(strict[PLATFORM.wordpress].check({ ...wpAccount(), url: 'https://127.0.0.1:1' })).rejects.toMatchObject({ kind: 'retry', message: expect.stringContaining('internal') });
    await expect(strict[PLATFORM.wordpress].check({ ...wpAccount(), url: 'https://localhost:1' })).rejects.toMatchObject({ kind: 'retry', message: expect.stringContaining('internal') });
  });
});

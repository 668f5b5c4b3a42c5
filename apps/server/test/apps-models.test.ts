import { randomBytes } from 'node:crypto';
import { appsCalls, llmProvider, SECRET_MASK } from '@juqi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../src/lib/secrets';
import { llmProvider as llmProviderTable } from '../src/modules/apps/table';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectError, expectRefused, invoke, ok, signInAsAdmin } from './helpers/auth';
import { fakeModelProvider, MODEL_KEY } from './helpers/model-fakes';

/**
 * 大模型设置 (docs/publishing.md › The app centre): providers with their keys sealed and never answered, and 测试
 * against a fake OpenAI-compatible provider — its answer, token counts and time; a wrong key, a failing or unreachable
 * provider said as an answer — and the in-process fake FAKE_MODEL=1 turns on.
 */
/** One key for every process on the database, as instances share SECRETS_KEY. */
const KEY = randomBytes(32);
let t: TestApp;
let admin: string;
let provider: Awaited<ReturnType<typeof fakeModelProvider>>;

beforeAll(async () => {
  t = await buildTestApp({ config: { outboundPrivateHosts: true, secrets: { current: KEY } } });
  admin = await signInAsAdmin(t);
  provider = await fakeModelProvider();
});
afterAll(async () => {
  await provider?.server.close();
  await t?.close();
});

const add = async (name: string, values: { base_url?: string; model?: string; api_key?: string } = {}) =>
  (await ok(t, llmProvider.calls.add!, { name, base_url: provider.url, model: 'test-chat', api_key: MODEL_KEY, ...values }, admin)).id;

describe('大模型设置', () => {
  it('keeps the key sealed: answered as the mask, stored as none of it, kept when an edit leaves it empty', async () => {
    const id = await add('测试模型');
    expect(await ok(t, llmProvider.calls.details, { id }, admin)).toMatchObject({ name: '测试模型', model: 'test-chat', api_key: SECRET_MASK });
    const [stored] = await t.database.db.select({ apiKey: llmProviderTable.apiKey }).from(llmProviderTable).where(eq(llmProviderTable.id, id));
    expect(stored!.apiKey).toMatch(/^v1\./);
    expect(stored!.apiKey).not.toContain(MODEL_KEY);
    await ok(t, llmProvider.calls.edit!, { id, model: 'test-chat-2', api_key: '' }, admin);
    expect((await ok(t, appsCalls.llmTest, { id }, admin)).ok).toBe(true);
    expect(provider.asked.at(-1)).toMatchObject({ authorization: `Bearer ${MODEL_KEY}`, model: 'test-chat-2' });
  });

  it('测试 shows the answer, the provider’s token counts and the time; a wrong key, a failure or no provider at all is said, not thrown', async () => {
    const id = await add('问答模型');
    const answered = await ok(t, appsCalls.llmTest, { id, prompt: '写一个装修标题' }, admin);
    expect(answered).toMatchObject({ ok: true, message: '你好，我是测试模型。', model: 'test-chat-0601', prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 });
    expect(answered.latency_ms).toBeGreaterThanOrEqual(0);
    expect(provider.asked.at(-1)!.messages).toEqual([{ role: 'user', content: '写一个装修标题' }]);

    const wrong = await add('错误密钥', { api_key: 'sk-wrong-0000000000' });
    expect(await ok(t, appsCalls.llmTest, { id: wrong }, admin)).toMatchObject({ ok: false, message: 'HTTP 401: Invalid API key', total_tokens: null });
    provider.state.failWith = 500;
    try {
      expect((await ok(t, appsCalls.llmTest, { id }, admin)).message).toBe('HTTP 500: failed with 500');
    } finally {
      provider.state.failWith = null;
    }
    const gone = await add('无人应答', { base_url: 'http://127.0.0.1:9/v1' });
    expect((await ok(t, appsCalls.llmTest, { id: gone }, admin)).message).toMatch(/^连接失败/);
  });

  it('asks for what a provider needs; an address is https where local fakes are not allowed', async () => {
    expectRefused(await invoke(t, llmProvider.calls.add!, { name: '缺密钥', base_url: provider.url, model: 'm' }, admin), 'api_key', '密钥');
    expectRefused(await invoke(t, llmProvider.calls.add!, { name: '短密钥', base_url: provider.url, model: 'm', api_key: 'short' }, admin), 'api_key', '密钥');
    const strict = await buildTestApp({ database: t.database, config: { secrets: { current: KEY } } });
    try {
      const token = await signInAsAdmin(strict);
      expectRefused(await invoke(strict, llmProvider.calls.add!, { name: '明文地址', base_url: 'http://models.example.com/v1', model: 'm', api_key: MODEL_KEY }, token), 'base_url', '接口地址');
    } finally {
      await strict.close();
    }
  });

  it('refuses 测试 naming the key where it was sealed under a key no longer held, to be entered again', async () => {
    const id = await add('换钥之前的模型');
    await t.database.db.update(llmProviderTable).set({ apiKey: new SecretBox({ current: randomBytes(32) }).seal(MODEL_KEY) }).where(eq(llmProviderTable.id, id));
    const refused = await invoke(t, appsCalls.llmTest, { id }, admin);
    expect(expectError(refused, 40900)).toMatchObject({ field: 'api_key' });
    expect(refused.message).toContain('SECRETS_KEY');
  });

  it('with FAKE_MODEL=1 answers the demo’s provider in the process; without it, that provider’s host is unknown', async () => {
    const demo = { name: '演示', base_url: 'https://fake-model.invalid/v1', model: 'juqi-demo', api_key: 'demo-key-0000' };
    const withFake = await buildTestApp({ database: t.database, config: { fakeModel: true, secrets: { current: KEY } } });
    try {
      const token = await signInAsAdmin(withFake);
      const { id } = await ok(withFake, llmProvider.calls.add!, demo, token);
      const answered = await ok(withFake, appsCalls.llmTest, { id }, token);
      expect(answered).toMatchObject({ ok: true, model: 'juqi-demo' });
      expect(answered.message).toContain('FAKE_MODEL');
      expect(answered.total_tokens).toBeGreaterThan(0);
      expect((await ok(t, appsCalls.llmTest, { id }, admin)).ok).toBe(false);
    } finally {
      await withFake.close();
    }
  });
});

import { defineCall, allCalls } from '@juqi/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appSetting } from '../src/lib/db/schema';
import { route } from '../src/lib/http/route';
import { buildTestApp, type TestApp } from './helpers/app';
import { signInAsAdmin } from './helpers/auth';

const echo = defineCall({
  method: 'POST',
  path: '/api/test/echo',
  tag: 'test',
  summary: 'echo',
  permission: 'public',
  body: z.object({ name: z.string().min(2), age: z.coerce.number().int().min(0), nested: z.object({ x: z.number() }).strict().optional() }).strict(),
  data: z.object({ name: z.string(), age: z.number() }),
});
const leaky = defineCall({
  method: 'GET',
  path: '/api/test/leaky',
  tag: 'test',
  summary: 'returns more than its schema',
  permission: 'public',
  data: z.object({ id: z.number() }),
});
const broken = defineCall({
  method: 'GET',
  path: '/api/test/broken',
  tag: 'test',
  summary: 'fails in SQL',
  permission: 'public',
  data: z.null(),
});
const wrongShape = defineCall({
  method: 'GET',
  path: '/api/test/wrong-shape',
  tag: 'test',
  summary: 'returns data that breaks its schema',
  permission: 'public',
  data: z.object({ id: z.number() }),
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    extend: (app) =>
      app.register(async (scope) => {
        route(scope, echo, ({ body }) => ({ name: body.name, age: body.age }));
        route(scope, leaky, () => ({ id: 1, passwordHash: 'secret' }) as { id: number });
        route(scope, broken, async () => {
          await t.database.db.execute(sql`select * from no_such_table_xyz`);
          return null;
        });
        route(scope, wrongShape, () => ({ id: 'nope' }) as unknown as { id: number });
      }),
  });
});
afterAll(() => t?.close());

describe('the envelope', () => {
  it('answers success as {code: 20000, message, data}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/set/system_details' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 20000, message: '成功', data: { pc_logo: '', website: '聚企中台', time_zone: 'Asia/Shanghai' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers in English when the client prefers it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(res.json()).toEqual({ code: 40400, message: 'Not found', data: null });
  });

  it('accepts JSON and form-urlencoded bodies alike', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'Li Lei', age: 30 } });
    expect(json.json()).toMatchObject({ code: 20000, data: { name: 'Li Lei', age: 30 } });
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Han+Meimei&age=28',
    });
    expect(form.json()).toMatchObject({ code: 20000, data: { name: 'Han Meimei', age: 28 } });
  });

  it('names the offending field in a validation error', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'Li', age: -1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 40000, message: 'age：不能小于 0', data: { field: 'age', fields: [{ field: 'age', label: 'age', message: '不能小于 0' }] } });
    const nested = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'Li', age: 1, nested: { x: 'a' } } });
    expect(nested.json()).toMatchObject({ code: 40000, message: expect.stringMatching(/^nested · x：/), data: { field: 'nested.x' } });
    // A key the call does not take is named itself, at the top and inside.
    for (const [payload, field] of [
      [{ name: 'Li', age: 1, updated_at: 'x' }, 'updated_at'],
      [{ name: 'Li', age: 1, nested: { x: 1, y: 2 } }, 'nested.y'],
    ] as const) {
      const unknown = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload });
      expect(unknown.json()).toMatchObject({ code: 40000, data: { field, fields: [{ field, message: '不接受此字段' }] } });
    }
  });

  it('refuses text the database cannot store (NUL, half of a surrogate pair) with 40000 naming the field', async () => {
    const admin = await signInAsAdmin(t);
    // A lone surrogate is valid JSON (`"\ud800"`) but not valid jsonb: the site settings stored it as a 500.
    for (const website of ['a\u0000b', '\ud800', 'x\udfffy', '😀'.slice(0, 1)]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/set/system', headers: { 'x-token': admin }, payload: { website } });
      expect(res.json(), JSON.stringify(website)).toMatchObject({ code: 40000, message: expect.stringMatching(/^网址：不能包含/), data: { field: 'website' } });
    }
    const nested = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'ok', age: 1, nested: { ['k\ud83d']: 1 } } });
    expect(nested.json()).toMatchObject({ code: 40000, message: 'nested：不能包含残缺的字符（半个 UTF-16 代理对）', data: { field: 'nested' } });
    const english = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'accept-language': 'en-US' }, payload: { name: 'a\u0000b', age: 1 } });
    expect(english.json()).toMatchObject({ code: 40000, message: 'Name: must not contain the NUL character', data: { field: 'name' } });
    const whole = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: '聚企😀中台', age: 1 } });
    expect(whole.json()).toMatchObject({ code: 20000, data: { name: '聚企😀中台' } });
  });

  it('turns malformed JSON into a 40000 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.json().code).toBe(40000);
  });

  it('refuses an oversized body with 41300', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'x'.repeat(2 * 1024 * 1024), age: 1 } });
    expect(res.json().code).toBe(41300);
  });

  it('drops fields the contract does not declare from answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/leaky' });
    expect(res.json()).toEqual({ code: 20000, message: '成功', data: { id: 1 } });
  });

  it('hides SQL and stacks behind 50000', async () => {
    for (const url of ['/api/test/broken', '/api/test/wrong-shape']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 50000, message: '服务器内部错误', data: null });
      expect(res.body).not.toMatch(/no_such_table|select|at .*\.ts/i);
    }
  });

  it('answers unknown /api paths with 40400 and other paths with the web app or 40400 without a build', async () => {
    for (const url of ['/api/unknown', '/api_user/unknown', '/api/set/system_details/extra']) {
      expect((await t.app.inject({ method: 'POST', url })).json()).toMatchObject({ code: 40400 });
    }
    expect((await t.app.inject({ method: 'GET', url: '/some/page' })).json()).toMatchObject({ code: 40400 });
  });

  it('refuses calls that need a session when there is none', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/set/system', payload: { website: 'X' } });
    expect(res.json()).toMatchObject({ code: 50008 });
    const [row] = await t.database.db.select().from(appSetting);
    expect(row).toBeUndefined();
  });
});

describe('the contract', () => {
  it('publishes every declared call in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    for (const call of allCalls) {
      const op = doc.paths[call.path]?.[call.method.toLowerCase()];
      expect(op, `${call.method} ${call.path}`).toBeDefined();
      expect(op.description).toContain('Permission:');
    }
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('answers /healthz with the engine in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json().data).toEqual({ status: 'ok', engine: t.database.engine });
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { upgradeLogResource } from '@juqi/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app';
import { signInAsAdmin } from './helpers/auth';

/** The Content-Security-Policy header as directive → sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectBrowserRules(res: LightMyRequestResponse): void {
  const policy = csp(res);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('script-src-attr')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  expect(policy.has('upgrade-insecure-requests')).toBe(false);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
}

let t: TestApp;
let webRoot: string;
let admin: string;
beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'juqi-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>');
  fs.writeFileSync(path.join(webRoot, 'assets', 'app.js'), 'console.log(1)');
  t = await buildTestApp({ config: { webRoot } });
  admin = await signInAsAdmin(t);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('security headers', () => {
  it('come with the web app, its deep links and its assets', async () => {
    for (const url of ['/', '/user/list?page=2', '/assets/app.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectBrowserRules(res);
    }
  });

  it('let the web app load its own scripts and antd its inline styles, and nothing inline run', async () => {
    const policy = csp(await t.app.inject({ method: 'GET', url: '/' }));
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
  });

  it('come with API answers, which are never cached: success, refusals, validation errors and unknown paths', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/set/system_details' }),
      await t.app.inject({ method: 'GET', url: '/api/staff/info' }),
      await t.app.inject({ method: 'POST', url: upgradeLogResource.calls.add!.path, headers: { 'x-token': admin }, payload: { name: 1 } }),
      await t.app.inject({ method: 'POST', url: '/api/no/such/call' }),
      await t.app.inject({ method: 'GET', url: '/api_user/nothing' }),
      await t.app.inject({ method: 'DELETE', url: '/api/set/system_details' }),
    ];
    expect(answers.map((r) => r.json().code)).toEqual([20000, 50008, 40000, 40400, 40400, 40400]);
    for (const res of answers) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toContain('application/json');
      expectBrowserRules(res);
    }
  });

  it('come with the health check and the API documentation', async () => {
    for (const url of ['/healthz', '/api/docs/openapi.json']) expectBrowserRules(await t.app.inject({ method: 'GET', url }));
  });
});

const MiB = 1024 * 1024;
/** Adds an upgrade-log entry as the admin, with the body sent as given. */
const add = (payload: string, contentType: string) =>
  t.app.inject({ method: 'POST', url: upgradeLogResource.calls.add!.path, headers: { 'x-token': admin, 'content-type': contentType }, payload });

describe('body size limits', () => {

  it('refuse a JSON body over 1 MiB with 41300, never cached', async () => {
    const res = await add(JSON.stringify({ name: 'v', version_number: '1.0.0', content: 'x'.repeat(MiB) }), 'application/json');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 41300, message: '请求内容过大', data: null });
    expect(res.headers['cache-control']).toBe('no-store');
    expectBrowserRules(res);
  });

  it('refuse a form-urlencoded body over 1 MiB with 41300', async () => {
    const res = await add(`name=v&version_number=1.0.0&content=${'x'.repeat(MiB)}`, 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(41300);
  });

  it('count bytes, not characters: 400,000 Chinese characters are 1.2 MB', async () => {
    const res = await add(JSON.stringify({ name: 'v', content: '中'.repeat(400_000) }), 'application/json');
    expect(res.json().code).toBe(41300);
  });

  it('let a body just under the limit through to validation', async () => {
    const res = await add(JSON.stringify({ name: 'v', content: 'x'.repeat(MiB - 100) }), 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(40000);
  });

  it('answer in English when asked', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: upgradeLogResource.calls.add!.path,
      headers: { 'x-token': admin, 'content-type': 'application/json', 'accept-language': 'en-US' },
      payload: JSON.stringify({ content: 'x'.repeat(2 * MiB) }),
    });
    expect(res.json()).toEqual({ code: 41300, message: 'Request body too large', data: null });
  });
});

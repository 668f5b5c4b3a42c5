import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app';

/** The headers security-headers.ts sets on every answer; their values are checked against an ordinary answer's. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
];
let expected: Record<string, unknown>;

function expectSecurityHeaders(headers: Record<string, unknown>, what: string): void {
  for (const name of SECURITY_HEADERS) expect(headers[name], `${name} on ${what}`).toBe(expected[name]);
}

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  // With a web build, so that a malformed non-API path is not answered by the web app's fallback either.
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'juqi-web-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await buildTestApp({ config: { webRoot } });
  expected = (await t.app.inject({ method: 'GET', url: '/healthz' })).headers;
  for (const name of SECURITY_HEADERS) expect(expected[name], name).toBeTruthy();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('URLs the framework cannot decode', () => {
  const urls = ['/%', '/api/%E0%A4%A', '/api/login/login%', '/api/x%zz?token=abc', '/uploads/%C0'];

  it('answer a catalogue envelope with the security headers, never cached, no stack', async () => {
    for (const url of urls) {
      for (const method of ['GET', 'POST'] as const) {
        const res: LightMyRequestResponse = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json(), `${method} ${url}`).toEqual({ code: 40000, message: '参数错误', data: null });
        expect(res.headers['cache-control'], `${method} ${url}`).toBe('no-store');
        expect(res.headers['content-type']).toContain('application/json');
        expectSecurityHeaders(res.headers, `${method} ${url}`);
      }
    }
  });

  it('answer in English when asked', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/%E0%A4%A', headers: { 'accept-language': 'en-US' } });
    expect(res.json()).toEqual({ code: 40000, message: 'Invalid request', data: null });
  });
});

/** Sends raw bytes to the listening server and answers what came back. */
async function rawRequest(port: number, request: string): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk) => chunks.push(chunk));
  await new Promise<void>((resolve, reject) => {
    socket.on('close', () => resolve());
    socket.on('error', reject);
    socket.write(request);
  });
  return Buffer.concat(chunks).toString('utf8');
}

describe('requests Node cannot parse', () => {
  it('answer a catalogue envelope with the security headers too', async () => {
    const listening = await buildTestApp();
    try {
      await listening.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (listening.app.server.address() as net.AddressInfo).port;
      const cases = [
        { request: 'GET /api/set/system_details HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n', status: 400, code: 40000 },
        { request: 'NOT-HTTP\r\n\r\n', status: 400, code: 40000 },
        { request: `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, status: 413, code: 41300 },
      ];
      for (const { request, status, code } of cases) {
        const answer = await rawRequest(port, request);
        const [head = '', body = ''] = answer.split('\r\n\r\n');
        const [statusLine, ...headerLines] = head.split('\r\n');
        expect(statusLine, request.slice(0, 30)).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
        const headers = Object.fromEntries(headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
        expect(headers['cache-control']).toBe('no-store');
        expectSecurityHeaders(headers, request.slice(0, 30));
        expect(JSON.parse(body)).toMatchObject({ code, data: null });
      }
    } finally {
      await listening.close();
    }
  });
});

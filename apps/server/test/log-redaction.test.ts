import { authCalls } from '@juqi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app';
import { signInAsAdmin } from './helpers/auth';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ logLines: lines });
});
afterAll(() => t?.close());

/** Every character percent-encoded, as a client may send it. */
const encodeAll = (text: string) => [...text].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).join('');

describe('tokens in logged URLs', () => {
  it('never reach the log, however the query key or value is encoded', async () => {
    const token = await signInAsAdmin(t);
    const queries = [
      `token=${token}`,
      `%74oken=${token}`,
      `tok%65n=${token}`,
      `${encodeAll('token')}=${token}`,
      `token=${encodeAll(token)}`,
      `page=1&tok%65n=${token}&x=2`,
    ];
    for (const query of queries) {
      for (const path of [authCalls.info.path, authCalls.infoAuth.path]) {
        const res = await t.app.inject({ method: 'GET', url: `${path}?${query}` });
        // Each form is accepted, so each is a token that would be worth stealing from the log.
        expect(res.json().code, `${path}?${query}`).toBe(20000);
      }
    }
    const logged = lines.join('\n');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(encodeAll(token));
    // The URLs are still logged, with the rest of their query.
    expect(logged).toContain(`${authCalls.info.path}?token=[redacted]`);
    expect(logged).toContain(`${authCalls.info.path}?page=1&tok%65n=[redacted]&x=2`);
  });
});

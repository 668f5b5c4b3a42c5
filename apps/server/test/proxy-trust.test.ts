import { authCalls } from '@juqi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, makeSign } from './helpers/auth';

/** The address the reverse proxy connects from. */
const PROXY = '127.0.0.1';

let t: TestApp;
beforeAll(async () => {
  // Trust exactly as the environment says it, one proxy in front.
  t = await buildTestApp({ config: { trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy } });
});
afterAll(() => t?.close());

/** A password sign-in relayed by the proxy, which appends the address it saw to the client's X-Forwarded-For. */
const loginVia = (forwardedFor: string, staff_num = 'nobody') =>
  t.app.inject({
    method: 'POST',
    url: authCalls.login.path,
    payload: { staff_num, user_pwd: 'wrong-password', sign: makeSign(t.clock.now().getTime()) },
    headers: { 'x-forwarded-for': forwardedFor },
    remoteAddress: PROXY,
  });

describe('behind one trusted proxy', () => {
  it('limits sign-ins by the address the proxy saw, whatever the client put in X-Forwarded-For', async () => {
    const codes: number[] = [];
    for (let n = 0; n < 12; n++) codes.push((await loginVia(`10.9.${n}.1, 203.0.113.7`)).json().code);
    expect(codes).toEqual([...Array(10).fill(40100), 42900, 42900]);
    // Another client behind the same proxy has its own counter.
    expect((await loginVia('10.9.0.1, 203.0.113.8')).json().code).toBe(40100);
  });

  it('records the address the proxy saw, not the one the client claimed', async () => {
    const admin = await createStaffWith(t, ['login.records.view']);
    const probe = `probe-${process.pid}`;
    expect((await loginVia('10.9.99.1, 198.51.100.23', probe)).json().code).toBe(40100);
    const records = await t.app.inject({
      method: 'POST',
      url: authCalls.loginRecords.path,
      payload: { page: 1, limit: 50 },
      headers: { 'x-token': admin.token },
    });
    const mine = records.json().data.data.filter((r: { identifier: string }) => r.identifier === probe);
    expect(mine.map((r: { ip: string }) => r.ip)).toEqual(['198.51.100.23']);
  });
});

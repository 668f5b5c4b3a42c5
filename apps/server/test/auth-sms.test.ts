import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { authCalls } from '@juqi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettingsStore } from '../src/lib/settings/store';
import { AuthRepository } from '../src/modules/auth/repository';
import { SessionService } from '../src/modules/auth/sessions';
import { SignInGuard } from '../src/modules/auth/sign-in-guard';
import { SignInService } from '../src/modules/auth/sign-in-service';
import { HttpSmsSender, LogSmsSender } from '../src/modules/auth/sms';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from './helpers/app';
import { expectError, expectOk, invoke, makeSign, ok, signInAsAdmin, smsOutbox } from './helpers/auth';

let t: TestApp;
let phoneSeq = 0;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

/** A staff with a phone of its own, so each test starts with clean per-phone counters. */
async function staffPhone(): Promise<{ phone: string; id: number }> {
  phoneSeq += 1;
  const phone = `1370000${String(phoneSeq).padStart(4, '0')}`;
  const admin = await signInAsAdmin(t);
  const res = await ok(t, authCalls.staffAdd, { staff_num: `sms${phoneSeq}`, name: `短信${phoneSeq}`, password: ADMIN_PASSWORD, phone }, admin);
  return { phone, id: res.id };
}

let ipSeq = 0;
const ip = () => `10.200.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const send = (phone: string, from = ip()) => invoke(t, authCalls.sendSmsCode, { staff_tel: phone }, undefined, { ip: from });
const smsLogin = (phone: string, code: string) =>
  invoke(t, authCalls.smsLogin, { staff_tel: phone, verification_code: code, sign: makeSign(t.clock.now().getTime()) }, undefined, { ip: ip() });
const lastCode = (phone: string) => smsOutbox(t).filter((m) => m.phone === phone).at(-1)?.code;

describe('SMS sign-in', () => {
  it('sends a 6-digit code with the template text to an active staff phone, and signs in with it once', async () => {
    const { phone } = await staffPhone();
    expect(await send(phone)).toEqual({ code: 20000, message: '成功', data: { resend_after: 60 } });
    const message = smsOutbox(t).at(-1)!;
    expect(message.code).toMatch(/^\d{6}$/);
    expect(message.text).toContain(message.code);
    expect(message.text).toContain('验证码');
    const { token } = expectOk(await smsLogin(phone, message.code));
    expect((await invoke(t, authCalls.info, {}, token)).code).toBe(20000);
    expect((await smsLogin(phone, message.code)).code).toBe(40100); // single use
  });

  it('answers the same for a phone that is not staff, and sends nothing', async () => {
    const before = smsOutbox(t).length;
    expect(await send('13699999999')).toEqual({ code: 20000, message: '成功', data: { resend_after: 60 } });
    expect(smsOutbox(t).length).toBe(before);
    expect((await smsLogin('13699999999', '123456')).code).toBe(40100);
  });

  it('lets a code expire after five minutes', async () => {
    const { phone } = await staffPhone();
    await send(phone);
    const code = lastCode(phone)!;
    t.clock.advance(5 * 60_000 + 1000);
    expect((await smsLogin(phone, code)).code).toBe(40100);
  });

  it('voids a code after five wrong tries', async () => {
    const { phone } = await staffPhone();
    await send(phone);
    const code = lastCode(phone)!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await smsLogin(phone, wrong)).code).toBe(40100);
    expect((await smsLogin(phone, code)).code).toBe(40100);
  });

  it('resends no sooner than 60 s and at most five times an hour per phone', async () => {
    const { phone } = await staffPhone();
    expect((await send(phone)).code).toBe(20000);
    const early = expectError(await send(phone), 42900);
    expect(early.retry_after).toBeGreaterThan(55);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(61_000);
      expect((await send(phone)).code).toBe(20000);
    }
    t.clock.advance(61_000);
    expect((await send(phone)).code).toBe(42900);
    t.clock.advance(60 * 60_000);
    expect((await send(phone)).code).toBe(20000);
  });

  it('sends at most twenty an hour from one IP', async () => {
    // Straight to the service: the per-IP limit of ten sign-in requests a minute would stop the HTTP calls first.
    const repo = new AuthRepository(t.database.db);
    const sessions = new SessionService(repo, new SettingsStore(t.database.db), t.app.access.grants!, t.clock);
    const service = new SignInService(repo, sessions, new LogSmsSender(t.app.log), new SignInGuard(repo, t.clock), t.app.access.grants!, t.clock);
    const client = { ip: '10.250.0.9', userAgent: 'test' };
    for (let i = 0; i < 20; i++) expect(await service.sendCode(`1350000${String(i).padStart(4, '0')}`, client)).toEqual({ resend_after: 60 });
    await expect(service.sendCode('13500009999', client)).rejects.toMatchObject({ code: 42900 });
    await expect(service.sendCode('13500009999', { ...client, ip: '10.250.0.10' })).resolves.toEqual({ resend_after: 60 });
    t.clock.advance(60 * 60_000 + 1000);
    await expect(service.sendCode('13500009998', client)).resolves.toEqual({ resend_after: 60 });
  });

  it('refuses a malformed phone or code with a field error', async () => {
    const res = await invoke(t, authCalls.sendSmsCode, { staff_tel: 'call me' }, undefined, { ip: ip() });
    expect(res).toMatchObject({ code: 40000, data: { field: 'staff_tel' } });
    const bad = await invoke(t, authCalls.smsLogin, { staff_tel: '13800000001', verification_code: '12ab', sign: makeSign() }, undefined, { ip: ip() });
    expect(bad).toMatchObject({ code: 40000, data: { field: 'verification_code' } });
  });
});

describe('the HTTP SMS provider adapter', () => {
  it('posts phone and text with the bearer token, and fails on a non-2xx answer', async () => {
    const received: { auth?: string; body: unknown }[] = [];
    let status = 200;
    const provider = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (d) => (raw += d));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
        res.writeHead(status).end('{}');
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/send`;
      const sender = new HttpSmsSender(url, 'secret-token');
      await sender.send({ phone: '13800000001', text: '验证码 123456', code: '123456' });
      expect(received).toEqual([{ auth: 'Bearer secret-token', body: { phone: '13800000001', content: '验证码 123456' } }]);
      status = 503;
      await expect(sender.send({ phone: '13800000001', text: 'x', code: '1' })).rejects.toThrow(/HTTP 503/);
    } finally {
      provider.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const trustOf = (TRUST_PROXY?: string) => loadConfig(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }).trustProxy;

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, empty or 0', () => {
    expect(trustOf()).toBe(0);
    expect(trustOf('')).toBe(0);
    expect(trustOf('0')).toBe(0);
  });

  it('takes a hop count: 1 trusts the nearest proxy only', () => {
    expect(trustOf('1')).toBe(1);
    expect(trustOf('2')).toBe(2);
  });

  it('takes a comma-separated list of proxy addresses and CIDRs', () => {
    expect(trustOf('10.0.0.5, 172.16.0.0/12,::1,fd00::/8')).toEqual(['10.0.0.5', '172.16.0.0/12', '::1', 'fd00::/8']);
  });

  it('refuses trusting every hop and anything else it cannot read, naming the variable', () => {
    for (const bad of ['true', 'all', '-1', '1.5', '10.0.0.256', '10.0.0.0/33', 'fd00::/129', '10.0.0.5,,10.0.0.6', 'example.com']) {
      expect(() => trustOf(bad), bad).toThrow(ConfigError);
      expect(() => trustOf(bad), bad).toThrow(/TRUST_PROXY: .*hop count.*address/);
    }
  });
});

describe('SIGN_IN_REQUESTS_PER_MINUTE', () => {
  it('is 10 unless set, and takes a positive whole number', () => {
    expect(loadConfig({}).signInRequestsPerMinute).toBe(10);
    expect(loadConfig({ SIGN_IN_REQUESTS_PER_MINUTE: '600' }).signInRequestsPerMinute).toBe(600);
    for (const bad of ['0', '-1', '2.5', 'many']) {
      expect(() => loadConfig({ SIGN_IN_REQUESTS_PER_MINUTE: bad }), bad).toThrow(/SIGN_IN_REQUESTS_PER_MINUTE/);
    }
  });
});

describe('FAKE_MODEL', () => {
  it('is off unless set to 1', () => {
    expect(loadConfig({}).fakeModel).toBe(false);
    expect(loadConfig({ FAKE_MODEL: '1' }).fakeModel).toBe(true);
    expect(() => loadConfig({ FAKE_MODEL: 'yes' })).toThrow(/FAKE_MODEL/);
  });
});

describe('FAKE_PAYMENTS', () => {
  it('is off unless set to 1', () => {
    expect(loadConfig({}).fakePayments).toBe(false);
    expect(loadConfig({ FAKE_PAYMENTS: '0' }).fakePayments).toBe(false);
    expect(loadConfig({ FAKE_PAYMENTS: '1' }).fakePayments).toBe(true);
    for (const bad of ['yes', 'true', '2']) expect(() => loadConfig({ FAKE_PAYMENTS: bad }), bad).toThrow(/FAKE_PAYMENTS/);
  });
});

describe('SECRETS_KEY', () => {
  const key = Buffer.alloc(32, 7).toString('base64');

  it('takes 32 bytes in base64; without it, the embedded default keeps one in its data folder and PostgreSQL none', () => {
    expect(loadConfig({ SECRETS_KEY: key, SECRETS_KEY_PREVIOUS: Buffer.alloc(32, 8).toString('base64') }).secrets).toMatchObject({ current: Buffer.alloc(32, 7), previous: Buffer.alloc(32, 8), keyFile: undefined });
    expect(loadConfig({ DATA_DIR: '/srv/juqi' }).secrets).toEqual({ current: undefined, previous: undefined, keyFile: '/srv/juqi/secrets.key' });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/juqi' }).secrets).toEqual({ current: undefined, previous: undefined, keyFile: undefined });
  });

  it('refuses a key of another length, or not base64, naming the variable', () => {
    for (const bad of [Buffer.alloc(16).toString('base64'), 'not base64 at all!!', `${key}x`]) expect(() => loadConfig({ SECRETS_KEY: bad }), bad).toThrow(/SECRETS_KEY: must be 32 bytes in base64/);
    expect(() => loadConfig({ SECRETS_KEY_PREVIOUS: 'short' })).toThrow(/SECRETS_KEY_PREVIOUS/);
  });
});

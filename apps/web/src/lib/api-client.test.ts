import { settingsCalls, systemCalls } from '@juqi/contract';
import type { AxiosAdapter } from 'axios';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, callApi, http, TransportError } from './api-client';

const answer =
  (status: number, data: unknown, seen?: (h: Record<string, unknown>) => void): AxiosAdapter =>
  async (config) => {
    seen?.(config.headers as Record<string, unknown>);
    return { data, status, statusText: '', headers: {}, config };
  };

afterEach(() => {
  http.defaults.adapter = undefined;
  Cookies.remove('juqi_token');
});

describe('callApi', () => {
  it('returns data of a 20000 envelope and sends the token from the juqi_token cookie', async () => {
    Cookies.set('juqi_token', 'tok-1');
    let headers: Record<string, unknown> = {};
    http.defaults.adapter = answer(200, { code: 20000, message: 'ok', data: { pc_logo: '', website: 'W' } }, (h) => (headers = h));
    await expect(callApi(settingsCalls.systemDetails)).resolves.toEqual({ pc_logo: '', website: 'W' });
    expect(headers['X-Token']).toBe('tok-1');
  });

  it('sends no token header when signed out', async () => {
    let headers: Record<string, unknown> = {};
    http.defaults.adapter = answer(200, { code: 20000, message: 'ok', data: null }, (h) => (headers = h));
    await callApi(systemCalls.health);
    expect(headers['X-Token']).toBeUndefined();
  });

  it('throws ApiError with the code and message of any other code, whatever the HTTP status', async () => {
    http.defaults.adapter = answer(401, { code: 50014, message: '登录已过期', data: null });
    await expect(callApi(systemCalls.health)).rejects.toEqual(new ApiError(50014, '登录已过期'));
    http.defaults.adapter = answer(200, { code: 40000, message: '', data: null });
    await expect(callApi(systemCalls.health)).rejects.toMatchObject({ code: 40000, message: 'Error' });
  });

  it('throws TransportError when no answer arrives', async () => {
    http.defaults.adapter = async () => {
      throw new Error('socket hang up');
    };
    await expect(callApi(systemCalls.health)).rejects.toBeInstanceOf(TransportError);
  });
});

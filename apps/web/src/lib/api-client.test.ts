import { settingsCalls, systemCalls, userCalls } from '@juqi/contract';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { ApiError, callApi, downloadFile, fileNameOf, TransportError } from './api-client';
import { setTransport, TransportFailed, type Transport } from './transport';

const answer =
  (status: number, data: unknown, seen?: (h: Record<string, unknown>) => void): Transport =>
  async (request) => {
    seen?.(request.headers);
    return { status, data, header: () => null };
  };

describe('callApi', () => {
  it('returns data of a 20000 envelope and sends the token from the juqi_token cookie', async () => {
    Cookies.set('juqi_token', 'tok-1');
    let headers: Record<string, unknown> = {};
    setTransport(answer(200, { code: 20000, message: 'ok', data: { pc_logo: '', website: 'W' } }, (h) => (headers = h)));
    await expect(callApi(settingsCalls.systemDetails)).resolves.toEqual({ pc_logo: '', website: 'W' });
    expect(headers['X-Token']).toBe('tok-1');
  });

  it('sends no token header when signed out', async () => {
    let headers: Record<string, unknown> = {};
    setTransport(answer(200, { code: 20000, message: 'ok', data: null }, (h) => (headers = h)));
    await callApi(systemCalls.health);
    expect(headers['X-Token']).toBeUndefined();
  });

  it('throws ApiError with the code and message of any other code, whatever the HTTP status', async () => {
    setTransport(answer(401, { code: 50014, message: '登录已过期', data: null }));
    await expect(callApi(systemCalls.health)).rejects.toEqual(new ApiError(50014, '登录已过期'));
    setTransport(answer(200, { code: 40000, message: '', data: null }));
    await expect(callApi(systemCalls.health)).rejects.toMatchObject({ code: 40000, message: 'Error' });
  });

  it('throws TransportError when no answer arrives', async () => {
    setTransport(async () => {
      throw new TransportFailed('socket hang up');
    });
    await expect(callApi(systemCalls.health)).rejects.toBeInstanceOf(TransportError);
  });
});

const fileAnswer =
  (status: number, blob: Blob, headers: Record<string, string>): Transport =>
  async () => ({ status, data: blob, header: (name) => headers[name.toLowerCase()] ?? null });

describe('downloadFile', () => {
  it('returns the file with the name its Content-Disposition gives, UTF-8 name first', async () => {
    const blob = new Blob(['PK-data'], { type: 'application/octet-stream' });
    setTransport(
      fileAnswer(200, blob, {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename="users.xlsx"; filename*=UTF-8''${encodeURIComponent('用户导出.xlsx')}`,
        'x-export-rows': '12',
      }),
    );
    const file = await downloadFile(userCalls.export, { body: {} });
    expect(file.fileName).toBe('用户导出.xlsx');
    expect(file.header('X-Export-Rows')).toBe('12');
    expect(await file.blob.text()).toBe('PK-data');
  });

  it('throws the refusal a JSON envelope carries instead of handing it over as a file', async () => {
    const envelope = { code: 42900, message: '另一个导出正在进行', data: { retry_after: 10 } };
    setTransport(fileAnswer(429, new Blob([JSON.stringify(envelope)]), { 'content-type': 'application/json; charset=utf-8' }));
    await expect(downloadFile(userCalls.export, { body: {}, quiet: true })).rejects.toEqual(new ApiError(42900, '另一个导出正在进行', { retry_after: 10 }));
  });

  it('reads plain and encoded Content-Disposition names', () => {
    expect(fileNameOf('attachment; filename="a b.xlsx"')).toBe('a b.xlsx');
    expect(fileNameOf('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameOf(`attachment; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx`)).toBe('用户.xlsx');
    expect(fileNameOf(null)).toBe('');
  });
});

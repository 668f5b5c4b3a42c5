import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, TransportAborted, TransportFailed, urlOf } from './transport';

/** What the server saw of the last request. */
let last: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string } | undefined;
let base = '';
let server: http.Server;

/** A real HTTP server the browser's XMLHttpRequest (jsdom's) talks to, across origins as the test page is elsewhere. */
beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    res.setHeader('Access-Control-Expose-Headers', 'content-disposition, x-export-rows');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')));
    req.on('end', () => {
      last = { method: req.method!, url: req.url!, headers: req.headers, body };
      if (req.url!.startsWith('/html')) return void res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
      if (req.url!.startsWith('/file')) {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename="a.xlsx"', 'x-export-rows': '3' });
        return void res.end('PK-data');
      }
      if (req.url!.startsWith('/slow')) return; // never answered: the test aborts it
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 20000, message: '成功', data: { echoed: body } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const request = (url: string, extra: Partial<Parameters<typeof send>[0]> = {}) =>
  send({ method: 'GET', url: `${base}${url}`, responseType: 'json', headers: {}, ...extra });

describe('the transport (XMLHttpRequest)', () => {
  it('sends the query without undefined values and the headers, and parses a JSON answer', async () => {
    const answer = await request('/json', { query: { page: 2, name: '张 三', gone: undefined }, headers: { 'X-Token': 'tok-1' } });
    expect(last).toMatchObject({ method: 'GET', url: '/json?page=2&name=%E5%BC%A0+%E4%B8%89', headers: { 'x-token': 'tok-1' } });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ code: 20000, message: '成功', data: { echoed: '' } });
    expect(answer.header('content-type')).toBe('application/json');
  });

  it('sends a body as JSON', async () => {
    const answer = await request('/json', { method: 'POST', body: { staff_num: 'admin' } });
    expect(last?.headers['content-type']).toBe('application/json');
    expect(answer.data).toMatchObject({ data: { echoed: '{"staff_num":"admin"}' } });
  });

  it('sends FormData as multipart', async () => {
    const form = new FormData();
    form.append('type', 'img');
    form.append('file', new Blob(['abc']), 'a.png');
    await request('/json', { method: 'POST', body: form });
    expect(last?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(last?.body).toContain('name="type"');
    expect(last?.body).toContain('filename="a.png"');
  });

  it('answers no data for a body that is not JSON, with its status', async () => {
    const answer = await request('/html');
    expect(answer.status).toBe(502);
    expect(answer.data).toBeUndefined();
  });

  it('answers a file as a Blob, its headers readable while it arrives', async () => {
    const seen: (string | null)[] = [];
    const answer = await request('/file', { responseType: 'blob', onDownloadProgress: (_loaded, header) => seen.push(header('x-export-rows')) });
    expect(await (answer.data as Blob).text()).toBe('PK-data');
    expect(answer.header('content-disposition')).toBe('attachment; filename="a.xlsx"');
    expect(seen.at(-1)).toBe('3');
  });

  it('rejects with TransportAborted when its signal aborts, before or while it is sent', async () => {
    const controller = new AbortController();
    const pending = request('/slow', { signal: controller.signal });
    await expect.poll(() => last?.url).toBe('/slow');
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(TransportAborted);
    await expect(request('/json', { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(TransportAborted);
  });

  it('rejects with TransportFailed when no answer comes', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(send({ method: 'GET', url: `http://127.0.0.1:${port}/`, responseType: 'json', headers: {} })).rejects.toBeInstanceOf(TransportFailed);
  });

  it('writes query strings', () => {
    expect(urlOf('/api/x', undefined)).toBe('/api/x');
    expect(urlOf('/api/x', { a: undefined, b: null })).toBe('/api/x');
    expect(urlOf('/api/x', { id: 7, index: 0 })).toBe('/api/x?id=7&index=0');
  });
});

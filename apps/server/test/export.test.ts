import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineCall, EXPORT_ESTIMATED_BYTES_HEADER, EXPORT_ROWS_HEADER, userCalls } from '@juqi/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { keysetBatches } from '../src/lib/export/batches';
import { MAX_RUNNING_EXPORTS, sendWorkbook } from '../src/lib/export/workbook';
import { route } from '../src/lib/http/route';
import { buildTestApp, type TestApp } from './helpers/app';
import { signInAsAdmin } from './helpers/auth';

/**
 * The shared export (lib/export, docs/export.md) through a route of its own: a source the test holds open, to see the
 * server's limit on exports running at once and what happens when the client goes away.
 */
const slowExport = defineCall({
  method: 'POST',
  path: '/api/test/slow_export',
  tag: 'test',
  summary: 'An export whose rows wait for the test',
  permission: 'public',
  body: z.object({ endless: z.boolean().default(false) }),
  data: z.null(),
  response: 'blob',
});

let t: TestApp;
let admin: string;
let port: number;
/** Exports whose rows have been opened, releases of the second batch, and sources whose iteration has ended. */
let opened = 0;
const gates: (() => void)[] = [];
let closed = 0;

async function* heldRows(): AsyncGenerator<{ n: number; yuan: number }[]> {
  yield [{ n: 1, yuan: 12.5 }];
  await new Promise<void>((resolve) => gates.push(resolve));
  yield [{ n: 2, yuan: 0.05 }];
}

async function* endlessRows(): AsyncGenerator<{ n: number; yuan: number }[]> {
  try {
    for (let n = 0; ; n += 500) yield Array.from({ length: 500 }, (_, i) => ({ n: n + i, yuan: 1 }));
  } finally {
    closed += 1;
  }
}

beforeAll(async () => {
  t = await buildTestApp({
    extend: (app) =>
      app.register(async (scope) =>
        route(scope, slowExport, async ({ body, reply }) => {
          await sendWorkbook(reply, {
            fileName: { 'zh-CN': '测试导出', 'en-US': 'test export' },
            sheetName: { 'zh-CN': '测试', 'en-US': 'Test' },
            columns: [
              { header: { 'zh-CN': '序号', 'en-US': 'No.' }, width: 8, value: (r) => r.n },
              { header: { 'zh-CN': '金额(元)', 'en-US': 'Amount (CNY)' }, width: 12, money: true, value: (r) => r.yuan },
            ],
            bytesPerRow: 100,
            open: async () => {
              opened += 1;
              return body.endless ? { total: 1_000_000, batches: endlessRows() } : { total: 2, batches: heldRows() };
            },
          });
          return null;
        }),
      ),
  });
  admin = await signInAsAdmin(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

async function until(check: () => boolean, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const startExport = (language?: string) =>
  t.app.inject({ method: 'POST', url: slowExport.path, payload: {}, headers: language ? { 'accept-language': language } : {} });

async function sheetRows(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows, format: sheet.getRow(2).getCell(2).numFmt };
}

describe('the shared Excel export', () => {
  it('streams the columns’ headers in the request’s language, each batch in order, money with two decimals', async () => {
    const pending = startExport('en-US');
    await until(() => gates.length === 1, 'the first batch');
    gates.shift()!();
    const res = await pending;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="test export-\d{8}-\d{4}\.xlsx"; filename\*=UTF-8''test%20export-\d{8}-\d{4}\.xlsx$/);
    expect(res.headers[EXPORT_ROWS_HEADER]).toBe('2');
    expect(Number(res.headers[EXPORT_ESTIMATED_BYTES_HEADER])).toBeGreaterThan(200);
    const { name, rows, format } = await sheetRows(res.rawPayload);
    expect(name).toBe('Test');
    expect(rows).toEqual([['No.', 'Amount (CNY)'], [1, 12.5], [2, 0.05]]);
    expect(format).toBe('0.00');
  });

  it(`runs ${MAX_RUNNING_EXPORTS} exports at once in the server, whatever they export; another answers 42900 until one ends`, async () => {
    opened = 0;
    const running = Array.from({ length: MAX_RUNNING_EXPORTS }, () => startExport());
    await until(() => opened === MAX_RUNNING_EXPORTS && gates.length === MAX_RUNNING_EXPORTS, 'the exports to start');

    const refused = await startExport();
    expect(refused.json()).toMatchObject({ code: 42900, data: { retry_after: 10 } });
    // The user list's export shares the limit.
    const users = await t.app.inject({ method: 'POST', url: userCalls.export.path, payload: {}, headers: { 'x-token': admin } });
    expect(users.json()).toMatchObject({ code: 42900 });
    expect(opened).toBe(MAX_RUNNING_EXPORTS);

    gates.splice(0).forEach((open) => open());
    for (const res of await Promise.all(running)) expect((await sheetRows(res.rawPayload)).rows).toHaveLength(3);
    const next = await t.app.inject({ method: 'POST', url: userCalls.export.path, payload: {}, headers: { 'x-token': admin } });
    expect(next.statusCode).toBe(200);
  });

  it('stops reading rows and frees its place when the client goes away', async () => {
    closed = 0;
    await new Promise<void>((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: slowExport.path, headers: { 'content-type': 'application/json' } }, (res) => {
        expect(res.statusCode).toBe(200);
        // The first bytes of the workbook arrive; then the client hangs up.
        res.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (err) => (request.destroyed ? undefined : reject(err)));
      request.end(JSON.stringify({ endless: true }));
    });
    await until(() => closed === 1, 'the source to be closed');
    // Its place is free again: as many exports as the limit allows run at once.
    const running = Array.from({ length: MAX_RUNNING_EXPORTS }, () => startExport());
    await until(() => gates.length === MAX_RUNNING_EXPORTS, 'the exports to start');
    gates.splice(0).forEach((open) => open());
    for (const res of await Promise.all(running)) expect(res.statusCode).toBe(200);
  });
});

describe('keysetBatches', () => {
  it('reads from where the last batch ended until a short batch, and yields no empty batch', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ id: i + 1 }));
    const reads: (number | undefined)[] = [];
    const read = async (after: number | undefined, size: number) => {
      reads.push(after);
      return rows.filter((r) => r.id > (after ?? 0)).slice(0, size);
    };
    const batches: number[][] = [];
    for await (const batch of keysetBatches(3, read, (last) => last.id)) batches.push(batch.map((r) => r.id));
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(reads).toEqual([undefined, 3, 6]);

    const exact: number[][] = [];
    for await (const batch of keysetBatches(7, read, (last) => last.id)) exact.push(batch.map((r) => r.id));
    expect(exact).toEqual([[1, 2, 3, 4, 5, 6, 7]]);
  });
});

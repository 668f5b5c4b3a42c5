import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileCalls } from '@juqi/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedFile } from '../src/lib/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { signInAsAdmin } from './helpers/auth';

// A cancelled upload (the tray's cancel, a closed tab) is the client hanging up mid-body: routine, not a server fault.
// It needs a real socket to hang up on, hence a listening server rather than inject.

const logLines: string[] = [];
/** What the server answered to uploads (whether or not anyone was still listening). */
const uploadAnswers: string[] = [];
let t: TestApp;
let admin: string;
let port: number;

beforeAll(async () => {
  t = await buildTestApp({
    logLines,
    extend: (app) =>
      app.addHook('onSend', async (request, _reply, payload) => {
        if (request.url === fileCalls.save.path) uploadAnswers.push(String(payload));
        return payload;
      }),
  });
  admin = await signInAsAdmin(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

const stagingDir = () => path.join(t.config.dataDir, 'tmp', 'uploads');
const stagedFiles = () => (fs.existsSync(stagingDir()) ? fs.readdirSync(stagingDir()) : []);

async function until(check: () => boolean, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Starts a 2 MB image upload, sends its first 256 KB, waits until the server is writing it, then hangs up. */
async function uploadAndHangUp(): Promise<void> {
  const boundary = '----juqiInterrupted';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nimg\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256 * 1024, 7)]);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: fileCalls.save.path,
    headers: {
      'x-token': admin,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + 2 * 1024 * 1024),
    },
  });
  request.on('error', () => {});
  request.write(Buffer.concat([head, png]));
  await until(() => stagedFiles().length > 0, 'the server to stage the upload');
  request.destroy();
}

describe('an upload the client abandons midway', () => {
  it('is dropped without an error in the logs, a staging leftover or a record', async () => {
    await uploadAndHangUp();
    await until(() => uploadAnswers.length > 0, 'the server to answer the upload');
    expect(JSON.parse(uploadAnswers[0]!)).toMatchObject({ code: 40000, data: { field: 'file' } });
    expect(stagedFiles()).toEqual([]);

    const errors = logLines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level >= 50);
    expect(errors).toEqual([]);
    const [rows] = await t.database.db.select({ n: count() }).from(uploadedFile);
    expect(rows!.n).toBe(0);
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openPglite } from '../src/lib/db/client';
import { staff } from '../src/lib/db/schema';
import { PASSWORD_COST } from '../src/lib/password';
import { testEngine } from './helpers/database';

/** The real entry point, started as `npm start` starts it, on an embedded data folder. */
const serverDir = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'juqi-process-'));
const children: ChildProcess[] = [];

function start(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    // Without the demo's thousands of users and their money: what is tested is the process, and four starts with the
    // demo's seed ran past the test's two minutes on a busy machine.
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', ADMIN_PASSWORD: '', SEED_DEMO: '0' },
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const until = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        if (pattern.test(output)) {
          clearInterval(timer);
          resolve(output);
        }
      }, 50);
      void exited.then(() => setTimeout(() => (clearInterval(timer), pattern.test(output) ? resolve(output) : reject(new Error(output))), 100));
    });
  return { child, exited, until, output: () => output };
}

afterAll(() => {
  children.forEach((c) => c.kill('SIGKILL'));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(testEngine !== 'pglite')('the server process on the embedded database', () => {
  it('prints the admin once, refuses a second process on the same folder, and keeps data across restarts', async () => {
    const first = start(18_301);
    const out = await first.until(/is running on/);
    const password = /Staff number: admin\s+Password: (\S+)/.exec(out)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);

    const second = start(18_302);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/data folder .* is in use by another server process \(PID \d+/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const third = start(18_303);
    const again = await third.until(/is running on/);
    expect(again).not.toMatch(/Super-admin created/);
    third.child.kill('SIGKILL'); // a crash: the stale lock must not block the next start
    await third.exited;
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(true);

    const fourth = start(18_304);
    await fourth.until(/is running on/);
    const res = await fetch('http://127.0.0.1:18304/healthz');
    expect(await res.json()).toMatchObject({ code: 20000, data: { engine: 'pglite' } });
    fourth.child.kill('SIGTERM');
    expect(await fourth.exited).toBe(0);

    // The real server stores passwords at the production scrypt cost (the tests' own setup lowers it for speed).
    const database = await openPglite({ dataDir: path.join(dataDir, 'db') });
    const [admin] = await database.db.select({ hash: staff.passwordHash }).from(staff).where(eq(staff.staffNum, 'admin'));
    await database.close();
    const { logN, r, p } = PASSWORD_COST;
    expect(admin?.hash.startsWith(`scrypt$${logN}$${r}$${p}$`)).toBe(true);
    // Four starts of the real server (~30 s on an idle machine, each loading PGlite and checking migrations and seeds)
    // took past two minutes with another test run beside this one.
  }, 240_000);
});

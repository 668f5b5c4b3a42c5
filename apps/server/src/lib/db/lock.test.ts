import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDirLock, DataDirLockedError } from './lock';

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'juqi-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const writeLock = (dir: string, pid: number, host = os.hostname()) =>
  fs.writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid, host, since: 'earlier' }));

describe('data folder lock', () => {
  it('refuses while another live process holds the folder', () => {
    const dir = tempDir();
    const other = spawn('sleep', ['30']);
    try {
      writeLock(dir, other.pid!);
      expect(() => acquireDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDirLock(dir)).toThrow(new RegExp(`PID ${other.pid}`));
    } finally {
      other.kill();
    }
  });

  it('takes over the lock of a process that died without releasing it', () => {
    const dir = tempDir();
    const dead = spawnSync('true').pid;
    writeLock(dir, dead);
    const release = acquireDirLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('takes over a half-written lock', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'server.lock'), '{"pi');
    acquireDirLock(dir)();
  });

  it('refuses a lock held by another host', () => {
    const dir = tempDir();
    writeLock(dir, 1, 'other-host');
    expect(() => acquireDirLock(dir)).toThrow(/locked by host other-host/);
  });
});

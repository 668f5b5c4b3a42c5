import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite has no lock of its own: two processes on one folder both "work" and silently lose commits.
 * This lock file holds the owner's PID and host; a lock whose process is gone (a crash, kill -9) is taken over.
 */
export class DataDirLockedError extends Error {}

interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'server.lock');
  const me: LockOwner = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as LockOwner;
          if (owner.pid === me.pid) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let owner: LockOwner | undefined;
      try {
        owner = JSON.parse(fs.readFileSync(file, 'utf8')) as LockOwner;
      } catch {
        owner = undefined; // half-written lock of a crashed process
      }
      if (owner && owner.host === me.host && owner.pid !== me.pid && isAlive(owner.pid)) {
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by another server process (PID ${owner.pid}, since ${owner.since}). ` +
            'Stop that process first, or start this one with another DATA_DIR.',
        );
      }
      if (owner && owner.host !== me.host) {
        throw new DataDirLockedError(
          `The data folder ${dir} is locked by host ${owner.host} (PID ${owner.pid}). Remove ${file} only if that host no longer uses it.`,
        );
      }
      fs.rmSync(file, { force: true }); // stale: its owner is gone
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}

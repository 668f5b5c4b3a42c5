// Starts the built app for the browser tests on a fresh PGlite folder with a known admin password.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serverNodeArgs } from '../apps/server/node-args.mjs';

const here = import.meta.dirname;
const port = process.env.E2E_PORT ?? '8181';
const dataDir = path.join(here, `.data-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, [...serverNodeArgs, 'src/main.ts'], {
  cwd: path.join(here, '../apps/server'),
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: port,
    HOST: '127.0.0.1',
    ADMIN_PASSWORD: 'Admin-Pass-2026',
    LOG_LEVEL: 'warn',
    // Every test signs in from 127.0.0.1: the per-address limit (10 a minute) would make them wait their turn.
    SIGN_IN_REQUESTS_PER_MINUTE: '600',
    // The journeys pay top-ups and withdrawals through the fake providers.
    FAKE_PAYMENTS: '1',
    // The publishing journey reaches a fake WordPress on 127.0.0.1 over plain http.
    OUTBOUND_PRIVATE_HOSTS: '1',
    DATABASE_URL: '',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

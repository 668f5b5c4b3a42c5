// `npm start`: builds the web app when its build is missing or older than its sources, then serves web + API on one port.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { serverNodeArgs } from '../apps/server/node-args.mjs';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/server/public/index.html');
const webSources = ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'packages/contract/src'].map((p) => path.join(root, p));

function newestMtime(p) {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(p).map((name) => newestMtime(path.join(p, name))));
}

const built = fs.statSync(builtIndex, { throwIfNoEntry: false });
if (!built || Math.max(...webSources.map(newestMtime)) > built.mtimeMs) {
  process.stdout.write('Building the web app…\n');
  const result = spawnSync('npm', ['run', 'build', '-w', '@juqi/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [...serverNodeArgs, 'src/main.ts'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? 'data') },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

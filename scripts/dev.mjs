// `npm run dev`: the API with reload on change, and Vite's dev server (with its proxy to the API) side by side.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env, DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? 'data') };
const children = [
  spawn('npm', ['run', 'dev', '-w', '@juqi/server'], { cwd: root, stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@juqi/web'], { cwd: root, stdio: 'inherit', env }),
];
const stop = (signal) => children.forEach((c) => c.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
children.forEach((c) => c.on('exit', (code) => { stop('SIGTERM'); process.exitCode = code ?? 0; }));

// `npm run typecheck`: every workspace's type check at once. Each is one single-threaded `tsc`, so on two cores the
// three together take about as long as the longest (~60 s) rather than their sum (~80 s). Each one's output is printed
// whole when it ends, and the run fails if any of them does.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const root = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const checked = root.workspaces.filter((folder) => JSON.parse(fs.readFileSync(new URL(`../${folder}/package.json`, import.meta.url), 'utf8')).scripts?.typecheck);

const results = await Promise.all(
  checked.map(
    (folder) =>
      new Promise((resolve) => {
        const child = spawn('npm', ['run', '--silent', 'typecheck'], { cwd: new URL(`../${folder}/`, import.meta.url), stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) => {
          process.stdout.write(`${code === 0 ? 'ok' : 'FAILED'}  ${folder}\n${output}`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);

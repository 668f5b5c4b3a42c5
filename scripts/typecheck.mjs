// `npm run typecheck`: every workspace's type check at once. Each is one single-threaded `tsc`, so on two cores the
// four together take about as long as the longest (~60 s) rather than their sum. Each one's output is printed whole
// when it ends, and the run fails if any of them does.
import fs from 'node:fs';
import { runTogether } from './lib/run-together.mjs';

const root = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const checked = root.workspaces.filter((folder) => JSON.parse(fs.readFileSync(new URL(`../${folder}/package.json`, import.meta.url), 'utf8')).scripts?.typecheck);

const ok = await runTogether(checked.map((folder) => ({ label: folder, command: 'npm', args: ['run', '--silent', 'typecheck'], cwd: new URL(`../${folder}/`, import.meta.url) })));
process.exit(ok ? 0 : 1);

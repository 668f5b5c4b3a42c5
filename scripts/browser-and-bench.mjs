// `npm run test:e2e`'s second half, after the build: the browser journeys (Playwright, printed as they run) and every
// benchmark run small (bench/smoke.mjs, printed when it ends), at once. The journeys leave a core idle much of the time
// (a page settling, a browser waiting on its server), which the benches' servers and seeds take: on two cores both end
// about 1.3 minutes after the journeys alone would, against 3 minutes one after the other.
import { runTogether } from './lib/run-together.mjs';

const ok = await runTogether([
  { label: 'browser journeys (e2e)', command: 'npm', args: ['test', '-w', '@juqi/e2e'], live: true },
  { label: 'benchmarks run small (bench/smoke.mjs)', command: process.execPath, args: ['bench/smoke.mjs'] },
]);
process.exit(ok ? 0 : 1);

/**
 * Every benchmark, run small: little data, one short round, no figure judged. A change that breaks one (a column its
 * baseline reads, a call it makes, an answer it compares) then fails the suite instead of leaving the bench to rot
 * unseen, as bench/user-list.mjs once did. `npm test` runs this after the browser tests, on the web build they made.
 *
 *   node bench/smoke.mjs [--only user-list,order-centre] [--web apps/server/public]
 *
 * What fails a smoke is what fails the bench itself: both sides answering the same rows and counts, the ledger's
 * invariants and every user's balance, no write lost under kill -9, the sign-in page's 100 KB budget. The figures are
 * printed by each bench and not read here: on a shared two-core machine they mean nothing at this size.
 *
 * The PostgreSQL benches run on the server TEST_DATABASE_URL names, in scratch databases (juqi_smoke_*, or the
 * bench's own juqi_bench_*_<pid>) dropped at the end; without TEST_DATABASE_URL they are skipped, and say so.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dropDatabase } from './lib/same-run.mjs';
import { root, say } from './lib/server.mjs';

const { values: opts } = parseArgs({ options: { only: { type: 'string' }, web: { type: 'string', default: 'apps/server/public' } } });
const postgres = process.env.TEST_DATABASE_URL;
/** A scratch database on the test server. */
const scratch = (name) => Object.assign(new URL(postgres ?? 'postgres://localhost/'), { pathname: `/juqi_smoke_${name}` }).toString();
const web = path.resolve(root, opts.web);
/** One short round of a load test: autocannon's figures at this size are only printed. */
const shortLoad = ['--duration', '0.3', '--warmup', '0.3', '--rounds', '1'];

/**
 * The benches and how each is run small. `postgres`: needs the test server; `env`: its database; `after`: what the
 * runner cleans once it ends (a database the bench keeps, or one a later smoke reads).
 */
const SMOKES = [
  { name: 'login-page', args: ['bench/login-page.mjs', '--runs', '1', '--web', web] },
  { name: 'start-up', args: ['bench/start-up.mjs', '--runs', '1', '--web', web] },
  // One engine: the script is the same on both, and PGlite's server is the start-up bench's and the browser tests'.
  { name: 'api', args: ['bench/api.mjs', '--engine', postgres ? 'postgres' : 'pglite', '--rounds', '1', '--duration', '0.3', '--warmup', '0.3', '--connections', '2'], env: { BENCH_API_DATABASE_URL: scratch('api') }, after: () => postgres && dropDatabase(scratch('api')) },
  { name: 'guard-cost', args: ['--import', 'tsx', 'bench/guard-cost.mjs', '--blocks', '2', '--per-block', '20'] },
  { name: 'smart-plan', args: ['--import', 'tsx', 'bench/smart-plan.mjs', '--materials', '500', '--accounts', '50', '--rounds', '1'] },
  { name: 'pglite-select', args: ['--import', 'tsx', 'bench/pglite-select.mjs', '--blocks', '2', '--per-block', '50'] },
  { name: 'durability', args: ['bench/durability.mjs', '--trials', '1', '--writers', '1'] },
  { name: 'ledger', args: ['bench/ledger.mjs', '--transfers', '20', '--warmup', '5', '--rounds', '1', '--writers', '2', '--users', '10', ...(postgres ? ['--pg', postgres] : [])] },
  { name: 'ledger-durability', args: ['bench/ledger-durability.mjs', '--trials', '1', '--writers', '1', '--users', '10', ...(postgres ? ['--pg', postgres] : [])] },
  { name: 'order-ledger', args: ['bench/order-ledger.mjs', '--orders', '10', '--warmup', '2', '--rounds', '1', '--customers', '5', '--agencies', '2', ...(postgres ? ['--pg', postgres] : [])] },
  // 40,000 staff: the smallest department × status pair it walks needs ten full pages.
  { name: 'staff-find-page', postgres: true, args: ['bench/staff-find-page.mjs', '--staff', '40000', ...shortLoad, '--drop'], env: { BENCH_DATABASE_URL: scratch('staff') } },
  { name: 'user-list', postgres: true, args: ['bench/user-list.mjs', '--users', '2000', ...shortLoad], env: { BENCH_DATABASE_URL: scratch('users') } },
  // On the users user-list seeded.
  { name: 'user-plans', postgres: true, args: ['--import', 'tsx', 'bench/user-plans.mjs'], env: { BENCH_DATABASE_URL: scratch('users') }, after: () => dropDatabase(scratch('users')) },
  { name: 'order-centre', postgres: true, args: ['bench/order-centre.mjs', '--orders', '2000', ...shortLoad, '--drop'], env: { BENCH_DATABASE_URL: scratch('orders') } },
];

/** Runs one bench; answers its exit code and output. */
function run(args, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    // Generous for a busy machine; a bench that hangs is a failure too.
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? signal, output });
    });
  });
}

const only = opts.only?.split(',');
const chosen = SMOKES.filter((s) => !only || only.includes(s.name));
if (only && chosen.length !== only.length) throw new Error(`no such bench among ${SMOKES.map((s) => s.name).join(', ')}`);
if (!postgres) say('TEST_DATABASE_URL is not set: the PostgreSQL benches are skipped, and the others run on PGlite alone.');

const failed = [];
const started = Date.now();
for (const smoke of chosen) {
  if (smoke.postgres && !postgres) {
    say(`skipped  ${smoke.name} (PostgreSQL only)`);
    continue;
  }
  const from = Date.now();
  const { args } = smoke;
  const { code, output } = await run(args, smoke.env);
  const cleanUp = await Promise.resolve(smoke.after?.()).then(
    () => '',
    (error) => `\ncleaning up after it failed: ${error.message}`,
  );
  const seconds = ((Date.now() - from) / 1000).toFixed(1);
  if (code === 0 && !cleanUp) say(`ok       ${smoke.name} (${seconds} s)`);
  else {
    failed.push(smoke.name);
    say(`FAILED   ${smoke.name} (${seconds} s, exit ${code}): node ${args.join(' ')}\n${output.split('\n').slice(-40).join('\n')}${cleanUp}`);
  }
}
say(`${chosen.length - failed.length} of ${chosen.length} benches ran small in ${((Date.now() - started) / 1000).toFixed(0)} s${failed.length ? `; failed: ${failed.join(', ')}` : ''}.`);
process.exit(failed.length ? 1 : 0);

// Start-up of the signed-in web app: a list screen (/user/list, or 员工管理 /man/employee with --list staff) opened and
// reloaded, from navigation to its first rows, with the round trips on the way (which waited on which), against the
// sign-in page in the same run. See bench/README.md › Start-up.
//
//   node bench/start-up.mjs [--runs 5] [--web <folder>] [--list user|staff]
//
// Builds the web app into bench/results/start-up-web (or serves the build in --web, e.g. one made from other sources for
// a before / after comparison), starts the real server on it (bench/api-server.mjs: a fresh PGlite folder, the demo's
// 3,000 users) and signs the admin in through the API. Each run opens each page in a fresh browser context at
// 1280 × 800 (empty cache), then reloads it (hashed assets now cached, as for a staff member pressing F5); both loads
// are measured, in the page's own clock (`performance.now()` and Resource Timing, from navigation start).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { callOk, freePort, median, root, say, signIn, startServer } from './lib/server.mjs';

const { values: opts } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, web: { type: 'string' }, list: { type: 'string', default: 'user' } },
});
const RUNS = Number(opts.runs);
const ADMIN_PASSWORD = 'Bench-Pass-2026';

const signInPage = { url: '/login', ready: '.sign-in__form button[type=submit]' };
/** The list screens measured: where each opens, the first row that says it is ready, and the call that fetches its rows. */
const lists = {
  user: { url: '/user/list', ready: '.user-page .ant-table-row', call: '/api/user/lists', probe: ['/api/user/lists', { limit: 1 }] },
  staff: { url: '/man/employee', ready: '.staff-page .ant-table-row', call: '/staff/findPage', probe: ['/staff/findPage?pageNo=0&pageSize=1', {}] },
};
const listPage = lists[opts.list];
if (!listPage) throw new Error(`--list is one of ${Object.keys(lists).join(', ')}`);
const LIST_CALL = listPage.call;

async function buildWeb() {
  if (opts.web) return path.resolve(opts.web);
  const outDir = path.join(root, 'bench/results/start-up-web');
  await build({ root: path.join(root, 'apps/web'), logLevel: 'error', build: { outDir, emptyOutDir: true } });
  return outDir;
}

/** Records, in the page's own clock, the first frame in which the selector is on screen. */
const watchFor = (selector) => {
  const check = () => {
    const el = document.querySelector(selector);
    if (el && el.getBoundingClientRect().height > 0) window.readyAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
};

/**
 * Every request of the page so far (the document, scripts, styles, API calls), start and end from navigation start.
 * `cached`: answered from the browser's cache, no round trip.
 */
const requestsOf = (tab) =>
  tab.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0];
    return [navigation, ...performance.getEntriesByType('resource')].map((entry) => ({
      name: new URL(entry.name).pathname,
      start: entry.startTime,
      end: entry.responseEnd,
      cached: entry.transferSize === 0,
    }));
  });

/**
 * The chain of round trips that held the list call back: from the list call, step to the request that went to the
 * server and ended last before it started, and so on back to the document. Its length is the sequential round trips
 * before the list call; cache hits are not round trips.
 */
function criticalPath(requests) {
  const list = requests.find((r) => r.name === LIST_CALL);
  // The browser fetches the icon on its own: nothing waits for it.
  const trips = requests.filter((r) => !r.cached && r.name !== '/favicon.svg');
  const chain = [];
  for (let at = list; at; ) {
    const before = trips.filter((r) => r.start < at.start && r.end <= at.start);
    at = before.length ? before.reduce((a, b) => (b.end > a.end ? b : a)) : undefined;
    if (at) chain.unshift(at);
  }
  return { list, chain };
}

/** Opens the page in a fresh context (empty cache), then reloads it (hashed assets cached); measures both loads. */
async function measure(browser, base, page, token) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(60_000);
  if (token) await context.addCookies([{ name: 'juqi_token', value: token, url: base }]);
  const tab = await context.newPage();
  await tab.addInitScript(watchFor, page.ready);
  const loads = {};
  for (const load of ['first', 'reload']) {
    if (load === 'first') await tab.goto(base + page.url);
    else await tab.reload();
    const readyMs = await tab.waitForFunction(() => window.readyAt).then((handle) => handle.jsonValue());
    loads[load] = { readyMs, requests: await requestsOf(tab) };
    if (load === 'first') await tab.waitForLoadState('networkidle');
  }
  await context.close();
  return loads;
}

const ms = (value) => value.toFixed(0);
const shortName = (name) => name.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.(js|css)$/, '.$1');

/** The Markdown lines for one kind of load (first open or reload): times against the sign-in page, and the path. */
function report(load, signInRuns, listRuns) {
  const signInMs = median(signInRuns.map((r) => r[load].readyMs));
  const rowsMs = median(listRuns.map((r) => r[load].readyMs));
  const paths = listRuns.map((r) => criticalPath(r[load].requests));
  const listStart = median(paths.map((p) => p.list.start));
  const typical = paths.find((p) => p.list.start === listStart) ?? paths[0];
  const runs = (values) => values.map(ms).join(', ');
  say(`### ${load === 'first' ? 'First open (empty cache)' : 'Reload (hashed assets cached)'}`);
  say();
  say('| | ms (median) | the runs, ms | ÷ sign-in page |');
  say('| --- | --- | --- | --- |');
  say(`| sign-in page (/login): form visible | ${ms(signInMs)} | ${runs(signInRuns.map((r) => r[load].readyMs))} | 1.00 |`);
  say(`| ${listPage.url}: list call starts | ${ms(listStart)} | ${runs(paths.map((p) => p.list.start))} | ${(listStart / signInMs).toFixed(2)} |`);
  say(`| ${listPage.url}: first rows | ${ms(rowsMs)} | ${runs(listRuns.map((r) => r[load].readyMs))} | ${(rowsMs / signInMs).toFixed(2)} |`);
  say();
  say(`Sequential round trips before the list call, per run: ${paths.map((p) => p.chain.length).join(', ')}.`);
  say();
  say('| # | round trip on the critical path (the median run) | start, ms | end, ms |');
  say('| --- | --- | --- | --- |');
  [...typical.chain, typical.list].forEach((r, i) => say(`| ${i + 1} | ${shortName(r.name)} | ${ms(r.start)} | ${ms(r.end)} |`));
  say();
  const calls = listRuns[paths.indexOf(typical)][load].requests.filter((r) => r.name.startsWith('/api/'));
  say(`Every API call of that run (start–end, ms): ${calls.map((r) => `${r.name} ${ms(r.start)}–${ms(r.end)}`).join('; ')}.`);
  say();
}

const webRoot = await buildWeb();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'juqi-bench-start-up-'));
const port = await freePort();
const server = startServer('bench/api-server.mjs', { DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD, BENCH_WEB_ROOT: webRoot }, port);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  await server.ready;
  const base = `http://127.0.0.1:${port}`;
  const token = await signIn(port, 'admin', ADMIN_PASSWORD);
  const probe = await callOk(port, ...listPage.probe, token);
  if (!(probe.count ?? probe.total)) throw new Error(`the demo data has nothing for ${listPage.url}`);

  const signInRuns = [];
  const listRuns = [];
  // Interleaved, so both pages meet the same machine load.
  for (let run = 0; run < RUNS; run++) {
    signInRuns.push(await measure(browser, base, signInPage));
    listRuns.push(await measure(browser, base, listPage, token));
  }
  report('first', signInRuns, listRuns);
  report('reload', signInRuns, listRuns);
} finally {
  await browser.close();
  server.child.kill('SIGTERM');
  await server.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}

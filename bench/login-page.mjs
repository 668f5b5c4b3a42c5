// Login page weight and speed (issue 4): JS and CSS (gzip) the built sign-in page loads, and the time until its form is
// visible in Chromium, median of 5, measured in the same run as a bare Vite + React page with a small form.
//
//   node bench/login-page.mjs [--runs 5] [--web <folder>]   (from the repository root; builds both pages into bench/results/,
//                                                          or serves the app's build in --web, e.g. apps/server/public)
//
// Both pages are served by the same small static server, which also answers the one API call the sign-in page makes
// (GET /api/set/system_details), so the numbers do not depend on the database. Every run uses a fresh browser context
// (empty cache). Exits 1 when the sign-in page loads more than 100 KB gzip of JS.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { weighPage } from './lib/page-weight.mjs';
import { freePort } from './lib/server.mjs';

const here = import.meta.dirname;
const results = path.join(here, 'results');
const { values: opts } = parseArgs({ options: { runs: { type: 'string', default: '5' }, web: { type: 'string' } } });
const RUNS = Number(opts.runs);
/** The budget the suite holds too (e2e/tests/served-app.spec.ts). */
const JS_BUDGET_KB = 100;
const pages = [
  { name: 'sign-in page (/login)', root: path.resolve(opts.web ?? path.join(results, 'web')), port: await freePort(), url: '/login', ready: '.sign-in__form button[type=submit]' },
  { name: 'bare Vite + React', root: path.join(results, 'bare-react'), port: await freePort(), url: '/', ready: '.sign-in__form button' },
];

async function buildPages() {
  if (!opts.web) {
    await build({
      root: path.join(here, '../apps/web'),
      logLevel: 'error',
      build: { outDir: pages[0].root, emptyOutDir: true },
    });
  }
  await build({
    root: path.join(here, 'fixtures/bare-react'),
    configFile: false,
    logLevel: 'error',
    plugins: [react()],
    build: { outDir: pages[1].root, emptyOutDir: true },
  });
}

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

function serve(root, listenPort) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://bench');
    if (url.pathname === '/api/set/system_details') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 20000, message: '成功', data: { pc_logo: '', website: '聚企中台' } }));
      return;
    }
    let file = path.join(root, path.normalize(url.pathname));
    // History-mode routes are answered with index.html, as the real server does.
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(root, 'index.html');
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(listenPort, '127.0.0.1', () => resolve(server)));
}

/** Records, in the page's own clock, the first frame in which the selector is on screen. */
const watchFor = (selector) => {
  const check = () => {
    const el = document.querySelector(selector);
    if (el && el.getBoundingClientRect().height > 0) window.formVisibleAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
};

async function measure(browser, page) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tab = await context.newPage();
  const weight = weighPage(tab);
  await tab.addInitScript(watchFor, page.ready);
  await tab.goto(`http://127.0.0.1:${page.port}${page.url}`);
  const visibleMs = await tab.waitForFunction(() => window.formVisibleAt).then((handle) => handle.jsonValue());
  // Whatever the page fetches after showing the form (lazy chunks) counts as loaded by the page too.
  await tab.waitForLoadState('networkidle');
  const { js, css, files } = await weight.done();
  await context.close();
  return { visibleMs, js, css, files };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => (bytes / 1024).toFixed(1);

await buildPages();
const servers = await Promise.all(pages.map((page) => serve(page.root, page.port)));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const runs = pages.map(() => []);
  // Interleaved, so both pages see the same machine load.
  for (let run = 0; run < RUNS; run++) {
    for (const [index, page] of pages.entries()) runs[index].push(await measure(browser, page));
  }
  // A Markdown table, ready for bench/README.md.
  const lines = [
    `| page | JS loaded, KB gzip | CSS loaded, KB gzip | form visible, ms (median of ${RUNS}) | the ${RUNS} runs, ms |`,
    '| --- | --- | --- | --- | --- |',
    ...pages.map((page, index) => {
      const r = runs[index];
      const cells = [
        page.name,
        kb(median(r.map((x) => x.js))),
        kb(median(r.map((x) => x.css))),
        median(r.map((x) => x.visibleMs)).toFixed(0),
        r.map((x) => x.visibleMs.toFixed(0)).join(', '),
      ];
      return `| ${cells.join(' | ')} |`;
    }),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  // What the sign-in page loaded on its last run, heaviest first: the list bench/README.md keeps.
  const files = runs[0].at(-1).files.toSorted((a, b) => b.gzip - a.gzip);
  process.stdout.write(`\n| file the sign-in page loads | KB gzip |\n| --- | --- |\n${files.map((f) => `| ${new URL(f.url).pathname} | ${kb(f.gzip)} |`).join('\n')}\n`);
  const signInJs = median(runs[0].map((r) => r.js)) / 1024;
  if (signInJs > JS_BUDGET_KB) {
    process.stderr.write(`The sign-in page loads ${signInJs.toFixed(1)} KB gzip of JS, over the ${JS_BUDGET_KB} KB budget.\n`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  servers.forEach((server) => server.close());
}

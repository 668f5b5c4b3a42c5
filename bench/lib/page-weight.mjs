import { gzipSync } from 'node:zlib';

/**
 * Weighs what a page loads: every script and stylesheet it fetches from now until `done()`, each gzipped as a server
 * compresses it (Node's zlib, default level). Shared by bench/login-page.mjs and the suite's check of the sign-in page's
 * budget (e2e/tests/served-app.spec.ts), so both count alike.
 *
 * @param {import('@playwright/test').Page} page
 */
export function weighPage(page) {
  /** @type {Promise<{ url: string, kind: 'script' | 'stylesheet', gzip: number }>[]} */
  const loaded = [];
  page.on('response', (response) => {
    const kind = response.request().resourceType();
    if (kind === 'script' || kind === 'stylesheet') {
      loaded.push(response.body().then((body) => ({ url: response.url(), kind, gzip: gzipSync(body).length })));
    }
  });
  return {
    /** What was loaded so far: the files, and the bytes of scripts (`js`) and stylesheets (`css`), gzipped. */
    async done() {
      const files = await Promise.all(loaded);
      const bytesOf = (/** @type {string} */ kind) => files.filter((f) => f.kind === kind).reduce((sum, f) => sum + f.gzip, 0);
      return { files, js: bytesOf('script'), css: bytesOf('stylesheet') };
    },
  };
}

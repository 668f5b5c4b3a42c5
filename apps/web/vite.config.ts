import { availableParallelism } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vitest/config';

const contractSource = path.resolve(import.meta.dirname, '../../packages/contract/src') + path.sep;

/**
 * The contract's modules only declare schemas: marking them free of side effects lets the bundler drop every module
 * whose exports a chunk does not use. Without it, importing anything from `@juqi/contract` puts every module's schemas
 * in the sign-in page's first load, and that grows with each new module.
 */
const contractWithoutSideEffects: Plugin = {
  name: 'contract-without-side-effects',
  transform(_code, id) {
    return id.startsWith(contractSource) ? { moduleSideEffects: false } : undefined;
  },
};

/**
 * React work left queued by a finished test file (an antd toast closing on its timer, a static-API dialog's effects) may run
 * once that file's window is torn down; React then throws "window is not defined" from the scheduler, outside any test.
 * That says nothing about the app, so only that error, thrown from React's scheduler, is ignored; any other still fails the run.
 */
function isReactWorkAfterTeardown(error: { name?: string; message: string; stack?: string; stacks?: { method: string }[] }) {
  const frames = (error.stacks ?? []).map((frame) => frame.method).join('\n') + (error.stack ?? '');
  return error.name === 'ReferenceError' && error.message === 'window is not defined' && frames.includes('performWorkUntilDeadline');
}

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), contractWithoutSideEffects],
  build: {
    // The server serves this folder; one port for web and API.
    outDir: '../server/public',
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/api_user': apiTarget, '/admin': apiTarget, '/uploads': apiTarget },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Vitest leaves a core to itself by default; its main process idles while the workers render pages.
    maxWorkers: availableParallelism(),
    // antd pages render slowly in jsdom, the more so on a busy CI machine: a page test may take seconds without being stuck.
    testTimeout: 120_000,
    onUnhandledError: (error) => !isReactWorkAfterTeardown(error),
  },
});

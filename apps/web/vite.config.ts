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
    // A worker runs its files in one window with the modules they load kept (antd, React, the contract are imported once
    // per worker, not once per file): ~2.7× faster. src/test/setup.ts puts back what each test changes.
    isolate: false,
    // antd pages render slowly in jsdom, the more so on a busy CI machine: a page test may take seconds without being stuck.
    testTimeout: 120_000,
  },
});

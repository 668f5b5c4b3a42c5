import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Every server test file runs on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set (CI sets it)… */
const engines = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * …but these, which test what the app does before and around the database — the route guards over every call, the
 * words of a refusal, the HTTP layer — on PGlite only: PGlite is PostgreSQL's own engine, so what they reach of the
 * database behaves alike on both, and what differs (the driver and its errors, connections, concurrency, the
 * server's version) they do not touch (docs/testing.md › Server tests on both engines).
 */
const PGLITE_ONLY = [
  'test/permission-sweep.test.ts',
  'test/refusals.test.ts',
  'test/malformed-urls.test.ts',
  'test/security-headers.test.ts',
  'test/proxy-trust.test.ts',
  'test/log-redaction.test.ts',
];

export default defineConfig({
  test: {
    // Generous for a busy CI machine: a test here builds the app and makes dozens of calls on a real database.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Files share their worker's loaded modules instead of importing the whole server again each (a third of the run):
    // every file builds its own app on its own database, and the server keeps no state in modules outside an app.
    isolate: false,
    // Vitest leaves a core to itself by default; its main process idles while the workers build apps and query databases.
    maxWorkers: availableParallelism(),
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup.ts'],
    projects: engines.map((engine) => ({
      extends: true,
      test: {
        name: engine,
        include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        exclude: engine === 'postgres' ? PGLITE_ONLY : [],
        env: { TEST_DB_ENGINE: engine },
      },
    })),
  },
});

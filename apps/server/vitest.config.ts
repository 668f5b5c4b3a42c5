import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Every server test file runs on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set (CI sets it). */
const engines = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

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
        env: { TEST_DB_ENGINE: engine },
      },
    })),
  },
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config';
import type { Database } from '../../src/lib/db/client';
import type { JobQueueOptions } from '../../src/lib/jobs/queue';
import type { ServerModule } from '../../src/lib/module';
import { createLogger } from '../../src/lib/logger';
import { serverFileStore } from '../../src/modules/file';
import { runSeeds } from '../../src/seed/run';
import { TestClock } from './clock';
import { createTestDatabase } from './database';

export const ADMIN_PASSWORD = 'Admin-Pass-2026';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  clock: TestClock;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Seed the demo data as well as the super-admin. */
  demo?: boolean;
  config?: Partial<AppConfig>;
  modules?: ServerModule[];
  /** Collects the app's log lines (JSON) at info level, for tests about what reaches the logs. */
  logLines?: string[];
  /** Extra routes registered before the app is ready, to exercise shared mechanisms. */
  extend?: (app: FastifyInstance) => unknown;
  /** Work the job queue (handlers, schedules, timers); off by default, so sent jobs are only stored. */
  jobs?: JobQueueOptions;
  /**
   * Another app's database, already seeded: a second process on it (or the same after a restart). Closing this app
   * leaves the database open for its owner.
   */
  database?: Database;
}

/** Builds the whole app on a fresh database (PGlite, or PostgreSQL when TEST_DB_ENGINE=postgres). */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const shared = options.database;
  const database = shared ?? (await createTestDatabase());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'juqi-test-'));
  const config: AppConfig = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    webRoot: '/nonexistent',
    ...options.config,
  };
  const clock = new TestClock();
  const lines = options.logLines;
  const logger = lines ? createLogger('info', { write: (line: string) => void lines.push(line) }) : pino({ level: 'silent' });
  let app: FastifyInstance | undefined;
  try {
    if (!shared)
      await runSeeds({
      db: database.db,
      log: logger,
      adminPassword: ADMIN_PASSWORD,
      demo: options.demo ?? false,
      files: serverFileStore(database.db, dataDir),
    });
    app = await buildApp({ config, database, logger, modules: options.modules, clock, jobs: options.jobs ?? { work: false }, checkAnswers: true });
    await options.extend?.(app);
    await app.ready();
  } catch (err) {
    await app?.close().catch(() => {});
    if (!shared) await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    app,
    database,
    config,
    clock,
    close: async () => {
      await app!.close();
      if (!shared) await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

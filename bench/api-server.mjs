/**
 * The server bench/api.mjs measures: the real app, started as src/main.ts starts it (PGlite in DATA_DIR, or PostgreSQL
 * through DATABASE_URL; migrations, seeds with the demo data), plus the benchmark-only routes of lib/bench-routes.mjs.
 * BENCH_WEB_ROOT serves a web build of the benchmark's own (bench/start-up.mjs) instead of apps/server/public.
 */
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openConfiguredDatabase } from '../apps/server/src/lib/db/open.ts';
import { createLogger } from '../apps/server/src/lib/logger.ts';
import { runSeeds } from '../apps/server/src/seed/run.ts';
import { addBenchRoutes } from './lib/bench-routes.mjs';

const config = loadConfig();
if (process.env.BENCH_WEB_ROOT) config.webRoot = process.env.BENCH_WEB_ROOT;
const logger = createLogger(config.logLevel);
const database = await openConfiguredDatabase(config);
await database.migrate();
await runSeeds({ db: database.db, log: logger, adminPassword: config.adminPassword, demo: true });
const app = await buildApp({ config, database, logger });
addBenchRoutes(app);
await app.listen({ port: config.port, host: config.host });
process.stdout.write(`bench server is running on http://${config.host}:${config.port}\n`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await app.close();
    await database.shutdown();
    process.exit(0);
  });
}

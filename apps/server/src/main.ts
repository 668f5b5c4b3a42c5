import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './lib/db/lock';
import { openConfiguredDatabase } from './lib/db/open';
import { createLogger } from './lib/logger';
import { serverFileStore } from './modules/file';
import { runSeeds } from './seed/run';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await openConfiguredDatabase(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    try {
      await app?.close();
    } finally {
      await database.shutdown();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await database.migrate();
    await runSeeds({
      db: database.db,
      log: logger,
      adminPassword: config.adminPassword,
      demo: config.seedDemo,
      files: serverFileStore(database.db, config.dataDir),
    });
    app = await buildApp({ config, database, logger });
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app?.close().catch(() => {});
    await database.shutdown();
    throw err;
  }
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/db`;
  const shownHost = config.host === '0.0.0.0' ? 'localhost' : config.host;
  process.stdout.write(
    `\n  聚企中台 is running on http://${shownHost}:${config.port}  (database: ${where})\n` +
      `  Sign in with staff number "admin"; API documentation at http://${shownHost}:${config.port}/api/docs\n` +
      (config.fakePayments
        ? '  FAKE_PAYMENTS=1: the fake payment and payout providers are on — top-ups are paid and withdrawals paid out\n' +
          '  without any money moving. For tests and demonstrations only.\n'
        : '') +
      (config.fakeModel ? '  FAKE_MODEL=1: the demo’s large model (https://fake-model.invalid/v1) is answered here, by no real model.\n' : '') +
      '\n',
  );
}

main().catch((err: unknown) => {
  if (err instanceof DataDirLockedError || err instanceof ConfigError) {
    process.stderr.write(`\n  Cannot start: ${err.message}\n\n`);
  } else {
    process.stderr.write(`\n  Cannot start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n\n`);
  }
  process.exit(1);
});

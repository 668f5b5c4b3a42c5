import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../lib/db/open';
import { createLogger } from '../lib/logger';
import { runSeeds } from '../seed/run';

/** `npm run db:seed`: migrates, then runs every module's idempotent seed against the configured database. */
const { values } = parseArgs({ options: { demo: { type: 'boolean', default: true }, 'no-demo': { type: 'boolean' } } });
const config = loadConfig();
const log = createLogger(config.logLevel);
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  await runSeeds({ db: database.db, log, adminPassword: config.adminPassword, demo: values.demo && !values['no-demo'] });
  process.stdout.write('Seed complete.\n');
} finally {
  await database.shutdown();
}

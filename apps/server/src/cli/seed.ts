import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../lib/db/open';
import { createLogger } from '../lib/logger';
import { serverFileStore } from '../modules/file';
import { runSeeds } from '../seed/run';

/**
 * `npm run db:seed`: migrates, then runs every module's idempotent seed against the configured database.
 *   --no-demo          the super-admin and dictionaries only
 *   --users N          grow the marketplace users to at least N (with verifications and sign-ins), e.g. 1000000
 *   --orders N         grow the orders to at least N, e.g. 1000000, sold to the customers there are (the demo's):
 *                      list data for the order centre's benchmark, which post nothing to the ledger and leave the
 *                      users' order figures as they are (modules/order/generate.ts)
 */
const { values } = parseArgs({
  options: {
    demo: { type: 'boolean', default: true },
    'no-demo': { type: 'boolean' },
    users: { type: 'string' },
    orders: { type: 'string' },
  },
});

function size(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value.replaceAll('_', ''));
  if (!Number.isInteger(n) || n < 0 || n > 10_000_000) {
    process.stderr.write(`--${name} expects a whole number from 0 to 10000000, not "${value}"\n`);
    process.exit(2);
  }
  return n;
}

const sizes: Record<string, number> = {};
const users = size('users', values.users);
if (users !== undefined) sizes.users = users;
const orders = size('orders', values.orders);
if (orders !== undefined) sizes.orders = orders;

const config = loadConfig();
const log = createLogger(config.logLevel);
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  await runSeeds({
    db: database.db,
    log,
    adminPassword: config.adminPassword,
    demo: values.demo && !values['no-demo'],
    sizes,
    files: serverFileStore(database.db, config.dataDir),
  });
  process.stdout.write('Seed complete.\n');
} finally {
  await database.shutdown();
}

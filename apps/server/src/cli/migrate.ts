import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../lib/db/open';

/** `npm run db:migrate`: applies the committed migrations to the configured database (also done at every start). */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  process.stdout.write('Migrations applied.\n');
} finally {
  await database.shutdown();
}

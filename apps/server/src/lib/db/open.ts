import path from 'node:path';
import type { AppConfig } from '../../config';
import { openPglite, openPostgres, type Database } from './client';
import { acquireDirLock } from './lock';

export interface OpenedDatabase extends Database {
  /** Closes the database and releases the data-folder lock. */
  shutdown(): Promise<void>;
}

/** PostgreSQL when DATABASE_URL is set; otherwise PGlite in DATA_DIR/db, guarded by a lock file. */
export async function openConfiguredDatabase(config: AppConfig): Promise<OpenedDatabase> {
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl);
    return { ...database, shutdown: () => database.close() };
  }
  const release = acquireDirLock(config.dataDir);
  try {
    const database = await openPglite({ dataDir: path.join(config.dataDir, 'db') });
    return {
      ...database,
      shutdown: async () => {
        try {
          await database.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

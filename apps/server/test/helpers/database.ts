import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/lib/db/client';
import { adminClient, withDatabase } from './postgres-admin';

export type TestEngine = 'pglite' | 'postgres';

export const testEngine: TestEngine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test file, copied from the run's template (`global-setup.ts`): an in-memory
 * PGlite loaded from the template's dump, or a new PostgreSQL database made from the template database and dropped on
 * close. The migrations still run, and find nothing to do unless a file was added since the template was made.
 */
export async function createTestDatabase(): Promise<Database> {
  if (testEngine === 'pglite') {
    const database = await openPglite({ loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]) });
    await database.migrate();
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `juqi_test_${randomBytes(6).toString('hex')}`;
  await adminClient(adminUrl, (c) => c.query(`create database ${name} template ${inject('postgresTemplate')}`));
  const database = await openPostgres(withDatabase(adminUrl, name), 5);
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

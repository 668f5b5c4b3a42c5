import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { SQL } from 'drizzle-orm';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../src/lib/db/client';
import { adminClient, withDatabase } from './postgres-admin';

export type TestEngine = 'pglite' | 'postgres';

export const testEngine: TestEngine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/** Connections in a test file's PostgreSQL pool. */
const TEST_POOL_SIZE = 5;

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
  const database = await openPostgres(withDatabase(adminUrl, name), TEST_POOL_SIZE);
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * The first row `query` answers on each connection of a test database's PostgreSQL pool (each keeps its own prepared
 * statements and settings): as many reads at once as the pool has connections, so between them they see every one.
 */
export async function firstRowOnEveryConnection<R>(database: Database, query: SQL): Promise<R[]> {
  const seen = await Promise.all(Array.from({ length: TEST_POOL_SIZE }, () => database.db.execute(query)));
  return seen.map((result) => (result as unknown as { rows: R[] }).rows[0]!);
}

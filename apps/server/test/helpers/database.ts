import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../src/lib/db/client';

export type TestEngine = 'pglite' | 'postgres';

export const testEngine: TestEngine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new PostgreSQL database created on the
 * server of TEST_DATABASE_URL and dropped on close.
 */
export async function createTestDatabase(): Promise<Database> {
  if (testEngine === 'pglite') {
    const database = await openPglite();
    await database.migrate();
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `juqi_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = await openPostgres(withDatabase(adminUrl, name), 5);
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

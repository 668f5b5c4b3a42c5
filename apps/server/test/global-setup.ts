import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder } from '../src/lib/db/client';
import { adminClient, withDatabase } from './helpers/postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite database: each test file loads it instead of running initdb and the migrations. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database each test file copies with `create database … template`. */
    postgresTemplate: string;
  }
}

/** Migrates one database per engine once per run; every test file starts from a copy of it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.name === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('the postgres project needs TEST_DATABASE_URL');
    const name = `juqi_template_${randomBytes(6).toString('hex')}`;
    await adminClient(url, (c) => c.query(`create database ${name}`));
    const pool = new pg.Pool({ connectionString: withDatabase(url, name), max: 1 });
    await migratePg(drizzlePg({ client: pool }), { migrationsFolder });
    await pool.end();
    project.provide('postgresTemplate', name);
    return () => adminClient(url, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {});
  }
  const client = await PGlite.create();
  await migratePglite(drizzlePglite({ client }), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'juqi-template-')), 'pglite.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

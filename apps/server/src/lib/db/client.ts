import path from 'node:path';
import { PGlite, types, type ParserOptions, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A repository query runs on the database or inside a caller's transaction. */
export type Executor = Db | Tx;
export type Engine = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  engine: Engine;
  /** The driver's client behind `db`, for a library that speaks SQL itself (the job queue, `lib/jobs`). */
  client: PGlite | pg.Pool;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');

export interface PgliteOptions {
  /** Folder for the data; omit for an in-memory database (tests). */
  dataDir?: string;
  /** A dump made by `dumpDataDir`, to start from a prepared database instead of running initdb. */
  loadDataDir?: Blob;
}

/**
 * The types Drizzle reads as PostgreSQL's text (timestamps, dates, intervals, their arrays — 1115, 1185, 1187, 1182 —
 * and numeric arrays, 1231), as its PGlite driver asks for with every query. PGlite merges a query's own parsers into a copy of its whole table (300-odd types) for each answer:
 * ~0.2 ms of CPU a query, as much again as the query itself. The database is opened with these as its own parsers, and
 * Drizzle's per-query ones are dropped (`drizzleClient`).
 */
const keepText = (value: string) => value;
const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const drizzleParsers: ParserOptions = Object.fromEntries(DRIZZLE_TEXT_TYPES.map((type) => [type, keepText]));
/** PGlite's own parsers for those types, for the callers that speak SQL themselves and expect them (`lib/jobs`). */
export const pgliteDefaultParsers: ParserOptions = Object.fromEntries(
  DRIZZLE_TEXT_TYPES.filter((type) => types.parsers[type]).map((type) => [type, types.parsers[type]!]),
);

type PgliteQueries = Pick<PGlite | Transaction, 'query'>;

/** The client as Drizzle sees it: its queries and transactions without their per-query parsers. */
function drizzleClient<C extends PgliteQueries>(client: C): C {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return (query: string, params?: unknown[], options?: QueryOptions) => target.query(query, params, options && { ...options, parsers: undefined });
      }
      if (property === 'transaction' && target instanceof PGlite) {
        return <T>(work: (tx: Transaction) => Promise<T>) => target.transaction((tx) => work(drizzleClient(tx)));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export async function openPglite(options: PgliteOptions = {}): Promise<Database> {
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, parsers: drizzleParsers });
  const forDrizzle = drizzleClient(client);
  const db = drizzlePglite({ client: forDrizzle, schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    client,
    migrate: () => migratePglite(drizzlePglite({ client: forDrizzle, schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  // Named statements are planned as PostgreSQL chooses (plan_cache_mode auto); only texts whose plan is the same for
  // every value are named (named-statements.ts).
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    client: pool,
    migrate: () => migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder }),
    close: () => pool.end(),
  };
}

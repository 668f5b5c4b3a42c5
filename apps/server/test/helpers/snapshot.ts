import { sql } from 'drizzle-orm';
import type { Executor } from '../../src/lib/db/client';

/**
 * Tables that record attempts by design, so a refused request may add to them:
 * - `audit_log`: refusals are recorded (`permission.denied`, `grant.refused`);
 * - `sign_in_log`: every sign-in attempt, failed or not;
 * - `sign_nonce`: a sign is claimed before the credentials are checked, so a replay cannot try again;
 * - `sms_code`: every code request counts against the send limits, every wrong code against the code's tries;
 * - `sign_in_lock`: enough wrong passwords lock (a change of phone asks for the password too, and counts alike).
 * Everything else must be exactly as it was after any answer other than 20000.
 */
export const JOURNAL_TABLES: readonly string[] = ['audit_log', 'sign_in_log', 'sign_nonce', 'sms_code', 'sign_in_lock'];

/**
 * Columns any signed-in call may touch, refused or not: a session's `last_seen_at` is written at most once a minute
 * by whichever call comes next. Left out of snapshots that compare around single calls.
 */
export const ACTIVITY_COLUMNS: Readonly<Record<string, readonly string[]>> = { staff_session: ['last_seen_at'] };

export interface SnapshotOptions {
  /** Tables left out entirely. */
  exceptTables?: readonly string[];
  /** Columns left out of a table's hash, by table. */
  exceptColumns?: Readonly<Record<string, readonly string[]>>;
}

/** Row count and a hash over every row's text, per table. */
export type DbSnapshot = ReadonlyMap<string, { rows: number; hash: string }>;

type Rows<T> = { rows: T[] };

const tablesCache = new WeakMap<object, string[]>();

/** The application's tables (the public schema; Drizzle's migration journal lives in its own schema). */
async function tablesOf(db: Executor): Promise<string[]> {
  let tables = tablesCache.get(db);
  if (!tables) {
    const result = (await db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
    )) as unknown as Rows<{ name: string }>;
    tables = result.rows.map((r) => r.name);
    tablesCache.set(db, tables);
  }
  return tables;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteLiteral = (name: string) => `'${name.replaceAll("'", "''")}'`;

/**
 * Every table's row count and a content hash in one round trip. The hash is the sum of a 64-bit hash of each row's text:
 * independent of row order, so no sort is needed (an md5 over ordered rows costs twice as much on PGlite), and any
 * inserted, deleted or changed row changes it. The same content gives the same figures on PGlite and PostgreSQL.
 */
export async function snapshotDatabase(db: Executor, options: SnapshotOptions = {}): Promise<DbSnapshot> {
  const tables = (await tablesOf(db)).filter((t) => !options.exceptTables?.includes(t));
  if (!tables.length) return new Map();
  const parts = tables.map((t) => {
    const skip = options.exceptColumns?.[t];
    const row = skip?.length ? `(to_jsonb(x) - array[${skip.map(quoteLiteral).join(', ')}]::text[])::text` : 'x::text';
    return (
      `select ${quoteLiteral(t)} as name, count(*)::int as rows, ` +
      `coalesce(sum(hashtextextended(${row}, 0)), 0)::text as hash from ${quoteIdent(t)} x`
    );
  });
  const result = (await db.execute(sql.raw(parts.join(' union all ')))) as unknown as Rows<{ name: string; rows: number; hash: string }>;
  return new Map(result.rows.map((r) => [r.name, { rows: Number(r.rows), hash: r.hash }]));
}

/** Tables whose count or content differ between two snapshots, sorted by name. */
export function changedTables(before: DbSnapshot, after: DbSnapshot): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names]
    .filter((name) => {
      const a = before.get(name);
      const b = after.get(name);
      return a?.rows !== b?.rows || a?.hash !== b?.hash;
    })
    .sort();
}

/** The tables `action` changed, each with how many rows it gained (0: rows changed in place). */
export async function writesOf(db: Executor, action: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = await snapshotDatabase(db);
  await action();
  const after = await snapshotDatabase(db);
  return Object.fromEntries(changedTables(before, after).map((table) => [table, (after.get(table)?.rows ?? 0) - (before.get(table)?.rows ?? 0)]));
}

/** The id the next writing transaction will get. Read-only transactions take none, so it moves only when something wrote. */
async function nextTransactionId(db: Executor): Promise<string> {
  const result = (await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xid`)) as unknown as Rows<{ xid: string }>;
  return result.rows[0]!.xid;
}

/**
 * The database's state around many requests in a row, cheaply: the full snapshot is taken again only when a
 * transaction that wrote, or tried to write, has run since the last look — which the next transaction id tells.
 * Most refused requests never write, so most looks cost one tiny query.
 */
export class DatabaseWatch {
  private last: { xid: string; snapshot: DbSnapshot } | undefined;

  constructor(
    private readonly db: Executor,
    private readonly options: SnapshotOptions = {},
  ) {}

  async state(): Promise<DbSnapshot> {
    const xid = await nextTransactionId(this.db);
    if (this.last?.xid !== xid) this.last = { xid, snapshot: await snapshotDatabase(this.db, this.options) };
    return this.last.snapshot;
  }
}

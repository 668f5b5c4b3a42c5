import type { PGlite } from '@electric-sql/pglite';
import { pgliteDefaultParsers } from '../db/client';
import type PgBoss from 'pg-boss';

/**
 * pg-boss's `db` option over PGlite's one connection. A statement with values is an ordinary query. Text without
 * values may be several statements (pg-boss's schema and maintenance commands, each `BEGIN; … COMMIT;`), which only
 * `exec` runs; it runs inside PGlite's transaction helper so that a failure part-way is rolled back before any other
 * caller gets the connection (a bare `BEGIN` left open would drag every later query into it). The command's own
 * `BEGIN` and `COMMIT` then only warn. The helper also holds PGlite's lock, so queue statements never run inside an
 * app transaction.
 */
export function pgliteJobStore(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      // The database reads dates as text for Drizzle (db/client.ts); pg-boss expects them as a driver gives them.
      if (values !== undefined) return client.query(text, values, { parsers: pgliteDefaultParsers });
      const results = await client.transaction((tx) => tx.exec(text, { parsers: pgliteDefaultParsers }));
      return results.at(-1) ?? { rows: [] };
    },
  };
}

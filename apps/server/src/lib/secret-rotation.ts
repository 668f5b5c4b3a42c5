import { eq, getTableColumns, isNotNull } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';

/** A table's column of sealed credentials (and its property), with the table's id column. */
interface SealedColumn {
  table: PgTable;
  property: string;
  column: PgColumn;
  id: PgColumn;
}

/** Per database (one per app), as modules register in their own plugin contexts. */
const sealedColumns = new WeakMap<object, SealedColumn[]>();

/** Names a column holding sealed credentials (a resource's secret field registers its own), for the rotation job. */
export function holdsSecrets(app: FastifyInstance, table: PgTable, property: string): void {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const column = columns[property];
  if (!column || !columns.id) throw new Error(`${table._.name ?? 'table'} has no column ${property} (or no id) to keep secrets in`);
  const key = app.database.db;
  sealedColumns.set(key, [...(sealedColumns.get(key) ?? []), { table, property, column, id: columns.id }]);
}

/** How many credentials one transaction re-seals. */
const BATCH = 500;

/**
 * After a rotation (docs/security.md › Secrets): where SECRETS_KEY_PREVIOUS is set, a job at start re-seals under
 * SECRETS_KEY every credential the previous key sealed, row by row and idempotently (a value already under the current
 * key is left), after which the previous key can go. A start without it does nothing.
 */
export function secretRotation(app: FastifyInstance): void {
  app.jobs.work('secrets.rotate', async () => {
    let resealed = 0;
    for (const { table, property, column, id } of sealedColumns.get(app.database.db) ?? []) {
      const rows = (await app.database.db.select({ id, sealed: column }).from(table).where(isNotNull(column))) as { id: number; sealed: string }[];
      const stale = rows.filter((row) => app.secrets.stale(row.sealed));
      for (let start = 0; start < stale.length; start += BATCH) {
        await app.database.db.transaction(async (tx) => {
          for (const row of stale.slice(start, start + BATCH)) await tx.update(table).set({ [property]: app.secrets.seal(app.secrets.open(row.sealed)) }).where(eq(id, row.id));
        });
      }
      resealed += stale.length;
    }
    if (resealed) app.log.info({ resealed }, 'credentials re-sealed under SECRETS_KEY');
  });
  if (app.config.secrets.previous && app.config.secrets.current) app.addHook('onReady', async () => void (await app.jobs.send('secrets.rotate', {}, { singletonKey: 'secrets.rotate' })));
}

import { sql } from 'drizzle-orm';
import type { Executor } from './client';

/**
 * Holds the named lock until the caller's transaction ends: writers that check a sum or a tree before changing it
 * (one clerk's adjustments today, a department's subtree) queue on the name instead of racing past each other's
 * checks. Works alike on PGlite (one connection: it never waits) and PostgreSQL.
 */
export async function lockFor(tx: Executor, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
}

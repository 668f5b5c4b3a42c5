import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

const dialect = new PgDialect();

/**
 * A family of hot statements (one list's pages) run as named prepared statements. On PostgreSQL each pool connection
 * then parses a text once and afterwards only binds and runs it: the user list's page went from 0.26 to 0.19 ms a
 * round trip, and its database CPU per request by a quarter (bench/README.md). Each execution is still planned for its
 * own values — the pool sets `plan_cache_mode = force_custom_plan` — so a rare filter value never runs on a plan made
 * for a common one.
 *
 * Texts get names first come, first served, up to `limit` per family; later texts run unnamed, as every other
 * statement does. That bounds what each connection keeps prepared. PGlite ignores the names.
 */
export class NamedStatements {
  private readonly names = new Map<string, string>();

  constructor(
    private readonly family: string,
    private readonly limit = 200,
  ) {}

  /** The name of a statement text; undefined once the family has `limit` names and this text is not among them. */
  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= this.limit) return known;
    const name = `${this.family}_${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }

  async rows<R>(tx: Executor, statement: SQL): Promise<R[]> {
    const query = dialect.sqlToQuery(statement);
    const result = await tx._.session.prepareQuery(query, undefined, this.nameOf(query.sql), false).execute();
    return (result as { rows: R[] }).rows;
  }
}

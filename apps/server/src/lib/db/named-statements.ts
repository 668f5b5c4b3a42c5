import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

const dialect = new PgDialect();

/**
 * A whole number written into the text rather than bound: a page's limit, which a generic plan needs to know (for a
 * bound limit PostgreSQL assumes a tenth of the table's rows, and a plan that sorts them all looks cheaper than an
 * index read in order). A few page sizes make a few texts.
 */
export function sqlInteger(value: number): SQL {
  if (!Number.isSafeInteger(value)) throw new Error(`sqlInteger: ${value} is not a whole number`);
  return sql.raw(String(value));
}

/**
 * A list's test of whether a filter's page reads the same way whatever its values: every filter it holds (an empty
 * one holds none) is among `keys`, the list's value-blind filters. Such a page may be named (`NamedStatements`).
 */
export function valueBlindFilters<F extends object>(keys: readonly (keyof F & string)[]): (filter: F) => boolean {
  const blind: ReadonlySet<string> = new Set(keys);
  return (filter) => Object.entries(filter).every(([key, value]) => value === undefined || value === null || value === '' || blind.has(key));
}

/**
 * A fragment of a hot statement that takes no bound values (a select list), rendered to its text once: Drizzle walks
 * every part of a fragment each time the statement around it is rendered, which for the user list's 40-odd columns and
 * lookups was most of the page's rendering.
 */
export function renderedOnce(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error('renderedOnce: the fragment binds values; it has to be rendered with them');
  return sql.raw(text);
}

/**
 * A family of hot statements (one list's pages) run as named prepared statements. On PostgreSQL each pool connection
 * then parses a text once and afterwards only binds and runs it: the user list's page went from 0.26 to 0.19 ms a
 * round trip, and its database CPU per request by a quarter (bench/README.md). A named text is planned as PostgreSQL
 * chooses (`plan_cache_mode = auto`): for its values the first five times, then on one generic plan if that costs no
 * more, which saves planning it again. So only texts whose plan is the same for every value are named — the caller
 * says which (`named`); the others run unnamed, planned for their values each time, so a rare value never runs on a
 * plan made for a common one (docs/architecture.md › Database).
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

  /**
   * The rows of a statement written as text with its parameters, prepared by name: for a family of fixed texts whose
   * plan does not depend on their values (the ledger's posting), nothing is rendered per call.
   */
  async text<R>(tx: Executor, text: string, params: unknown[]): Promise<R[]> {
    const result = await tx._.session.prepareQuery({ sql: text, params }, undefined, this.nameOf(text), false).execute();
    return (result as { rows: R[] }).rows;
  }

  /** The rows of `statement`, prepared by name when `named` (its plan is the same whatever its values). */
  async rows<R>(tx: Executor, statement: SQL, named: boolean): Promise<R[]> {
    const query = dialect.sqlToQuery(statement);
    const result = await tx._.session.prepareQuery(query, undefined, named ? this.nameOf(query.sql) : undefined, false).execute();
    return (result as { rows: R[] }).rows;
  }
}

import { Column, getTableColumns, is, sql, SQL, Table } from 'drizzle-orm';
import { PgDialect, type PgSelect, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from './client';
import type { NamedStatements } from './named-statements';

const dialect = new PgDialect();

type Decode = (value: unknown) => unknown;
/** How Drizzle turns a driver value back: a column's own mapping, or an SQL expression's `mapWith`. */
interface Decoder {
  mapFromDriverValue: Decode;
}

/** One selected value: where it goes in the row, how it is decoded, and whether it is part of a joined table's object. */
interface Leaf {
  field: Column | SQL | SQL.Aliased;
  path: string[];
  decode: Decode;
}

const decoderOf = (field: Leaf['field']): Decode => {
  const decoder: Decoder = is(field, Column) ? field : is(field, SQL) ? (field as unknown as { decoder: Decoder }).decoder : (field.sql as unknown as { decoder: Decoder }).decoder;
  return (value) => decoder.mapFromDriverValue(value);
};

/** The selection's values in order, each with its place in the row; a table's columns grouped under its name. */
function leavesOf(fields: SelectedFields, path: string[], leaves: Leaf[], tables: number[][]): void {
  for (const [name, field] of Object.entries(fields)) {
    const at = [...path, name];
    if (is(field, Column) || is(field, SQL) || is(field, SQL.Aliased)) leaves.push({ field, path: at, decode: decoderOf(field) });
    else if (is(field, Table)) {
      const first = leaves.length;
      for (const [key, column] of Object.entries(getTableColumns(field))) leaves.push({ field: column, path: [...at, key], decode: decoderOf(column) });
      tables.push(Array.from({ length: leaves.length - first }, (_, i) => first + i));
    } else if (field && typeof field === 'object') leavesOf(field as SelectedFields, at, leaves, tables);
    else throw new Error(`compiled select: ${at.join('.')} is neither a column, an expression nor a table`);
  }
}

/**
 * A hot select (a record list's page) built once and read straight: its columns and joins are rendered to SQL text at
 * the first use, so each query renders only its own conditions; its rows come back as arrays and are decoded into the
 * nested shape Drizzle's select gives (a joined table's object null when all its columns are, as a left join leaves
 * it). Drizzle spent 0.18 ms a page rendering 订单中心's 34 columns and two joins and as much mapping the rows
 * (bench/README.md › 订单中心). The head must take no bound values; one that does is rendered each time, as before.
 */
export class CompiledSelect<Row> {
  private compiled?: { head: SQL; leaves: Leaf[]; tables: number[][] };

  constructor(
    private readonly from: (db: Executor, fields: SelectedFields) => PgSelect,
    private readonly fields: SelectedFields,
    private readonly statements?: NamedStatements,
  ) {}

  /**
   * The rows of `select … from … <rest>`, `rest` being the conditions, order and limits; prepared by name in the
   * family of statements given, when `named` (its plan is the same whatever its values: lib/db/named-statements).
   */
  async rows(db: Executor, rest: SQL, named = false): Promise<Row[]> {
    const { head, leaves, tables } = this.compile(db);
    const query = dialect.sqlToQuery(sql`${head}${rest}`);
    const decodeRows = (rows: unknown[][]) => rows.map((values) => decodeRow(values, leaves, tables) as Row);
    const name = named ? this.statements?.nameOf(query.sql) : undefined;
    return (await db._.session.prepareQuery(query, undefined, name, true, decodeRows).execute()) as Row[];
  }

  private compile(db: Executor) {
    if (this.compiled) return this.compiled;
    const leaves: Leaf[] = [];
    const tables: number[][] = [];
    leavesOf(this.fields, [], leaves, tables);
    // Named c0, c1…: the order of the select list is then the order of the leaves, whatever the keys.
    const flat: SelectedFields = Object.fromEntries(leaves.map((leaf, i) => [`c${i}`, leaf.field as SelectedFields[string]]));
    const builder = this.from(db, flat);
    const { sql: text, params } = builder.toSQL();
    this.compiled = { head: params.length === 0 ? sql.raw(text) : builder.getSQL(), leaves, tables };
    return this.compiled;
  }
}

function decodeRow(values: unknown[], leaves: Leaf[], tables: number[][]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < leaves.length; i++) {
    const { path, decode } = leaves[i]!;
    const raw = values[i];
    let node = row;
    for (let depth = 0; depth < path.length - 1; depth++) node = (node[path[depth]!] ??= {}) as Record<string, unknown>;
    node[path[path.length - 1]!] = raw === null || raw === undefined ? null : decode(raw);
  }
  for (const group of tables) {
    if (group.some((i) => values[i] !== null && values[i] !== undefined)) continue;
    const path = leaves[group[0]!]!.path;
    let node = row;
    for (let depth = 0; depth < path.length - 2; depth++) node = node[path[depth]!] as Record<string, unknown>;
    node[path[path.length - 2]!] = null;
  }
  return row;
}

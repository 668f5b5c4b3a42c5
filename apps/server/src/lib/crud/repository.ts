import { defaultOf, SECRET_MASK, type LookupItem, type Resource, type ResourceField } from '@juqi/contract';
import { and, asc, count, desc, eq, getTableColumns, gte, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { containing } from '../db/like';

type AnyResource = Resource<Record<string, ResourceField>>;
type Values = Record<string, unknown>;

/** A field key as the table's property: `updated_at` → `updatedAt`. */
export const propertyOf = (key: string) => key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** What a list or an export asks for: its keyword, declared filters and order. */
export interface FilterQuery {
  keyword?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  [filter: string]: unknown;
}

export interface ListQuery extends FilterQuery {
  page: number;
  limit: number;
}

/**
 * Reads and writes one resource's table from its declaration. The table has `id`, `updatedAt` and one column per field,
 * named as the field in camel case (`fieldKey` ↔ `field_key`). Every method takes an optional executor, so a service
 * can run it inside its own transaction.
 *
 * A `scope` (table property → value, e.g. `{ logId: 1 }`) keeps the resource to some of the table's rows: they are the
 * only ones read, found, changed or deleted, and an added record takes those values.
 */
export class ResourceRepository {
  private readonly columns: Record<string, PgColumn>;
  private readonly scoped: SQL[];

  constructor(
    readonly db: Executor,
    readonly resource: AnyResource,
    private readonly table: PgTable,
    private readonly scope: Values = {},
  ) {
    const all = getTableColumns(table) as Record<string, PgColumn>;
    this.scoped = Object.entries(scope).map(([property, value]) => {
      const column = all[property];
      if (!column) throw new Error(`${table._.name ?? 'table'} has no column ${property} to scope ${resource.module}.${resource.thing} by`);
      return eq(column, value);
    });
    this.columns = {};
    for (const key of ['id', 'updated_at', ...Object.keys(resource.fields)]) {
      const column = all[propertyOf(key)];
      if (!column) throw new Error(`${table._.name ?? 'table'} has no column for ${resource.module}.${resource.thing}.${key}`);
      this.columns[key] = column;
    }
  }

  /** The record `id`, if it lies within the scope. */
  private byId(id: number): SQL | undefined {
    return and(...this.scoped, eq(this.column('id'), id));
  }

  private column(key: string): PgColumn {
    return this.columns[key]!;
  }

  /** A row as answers hold it: the declared fields, `id` and `updated_at` (an ISO string). */
  private answerOf(row: Values): Values {
    const answer: Values = { id: row.id, updated_at: (row.updatedAt as Date).toISOString() };
    for (const [key, field] of Object.entries(this.resource.fields)) {
      const value = row[propertyOf(key)] ?? null;
      // A sealed credential is never read back: only whether one is kept.
      answer[key] = field.kind === 'secret' ? (value ? SECRET_MASK : null) : value;
    }
    return answer;
  }

  private conditions(query: FilterQuery): SQL | undefined {
    const { keyword, filters = {} } = this.resource;
    const where: (SQL | undefined)[] = [...this.scoped];
    if (query.keyword && keyword?.length) where.push(or(...keyword.map((key) => ilike(this.column(key), containing(query.keyword!)))));
    for (const [key, operator] of Object.entries(filters)) {
      const value = query[key];
      if (value === undefined) continue;
      const column = this.column(key);
      if (operator === 'equals') where.push(value === null ? isNull(column) : eq(column, value));
      else if (operator === 'in') where.push(inArray(column, value as unknown[]));
      else {
        const [from, to] = value as [unknown, unknown];
        where.push(gte(column, from), lte(column, to));
      }
    }
    return and(...where);
  }

  async list(query: ListQuery, tx: Executor = this.db): Promise<{ count: number; data: Values[] }> {
    return { count: await this.count(query, tx), data: await this.rows(query, (query.page - 1) * query.limit, query.limit, tx) };
  }

  /** How many records the query's filter matches. */
  async count(query: FilterQuery, tx: Executor = this.db): Promise<number> {
    const [total] = await tx.select({ count: count() }).from(this.table).where(this.conditions(query));
    return total?.count ?? 0;
  }

  /** By a field, then by the id the same way: ties fall back to the id, so a page never repeats or skips a record. */
  private ordered(by: string, direction: 'asc' | 'desc'): SQL[] {
    const order = direction === 'asc' ? asc : desc;
    return [order(this.column(by)), order(this.column('id'))];
  }

  /** `size` records the query matches from `offset` on, in the query's order. */
  async rows(query: FilterQuery, offset: number, size: number, tx: Executor = this.db): Promise<Values[]> {
    const rows = await tx
      .select()
      .from(this.table)
      .where(this.conditions(query))
      .orderBy(...this.ordered(query.sort ?? this.resource.order.by, query.sort ? (query.order ?? 'asc') : this.resource.order.direction))
      .limit(size)
      .offset(offset);
    return (rows as Values[]).map((row) => this.answerOf(row));
  }

  /** The field naming a record for a lookup (`names`): the first the keyword searches. */
  private get nameColumn(): PgColumn {
    return this.column(this.resource.keyword![0]!);
  }

  /** The lookup's records one may pick: on (where the resource has `enabled`), named with the keyword, in the list's order. */
  async matching(keyword: string | undefined, limit: number, tx: Executor = this.db): Promise<LookupItem[]> {
    const enabled = this.resource.fields.enabled?.kind === 'boolean' ? eq(this.column('enabled'), true) : undefined;
    return tx
      .select({ id: this.column('id'), name: this.nameColumn })
      .from(this.table)
      .where(and(...this.scoped, enabled, keyword ? ilike(this.nameColumn, containing(keyword)) : undefined))
      .orderBy(...this.ordered(this.resource.order.by, this.resource.order.direction))
      .limit(limit) as Promise<LookupItem[]>;
  }

  /** The lookup's records of these ids, those off included: a record referring to one still names it. */
  async named(ids: readonly number[], tx: Executor = this.db): Promise<LookupItem[]> {
    if (!ids.length) return [];
    return tx
      .select({ id: this.column('id'), name: this.nameColumn })
      .from(this.table)
      .where(and(...this.scoped, inArray(this.column('id'), [...ids]))) as Promise<LookupItem[]>;
  }

  async find(id: number, tx: Executor = this.db): Promise<Values | undefined> {
    const [row] = await tx.select().from(this.table).where(this.byId(id));
    return row ? this.answerOf(row as Values) : undefined;
  }

  /** The records of these ids within the scope, locked for the rest of the transaction, in id order (no deadlock). */
  async lock(ids: readonly number[], tx: Executor): Promise<Values[]> {
    const rows = await tx
      .select()
      .from(this.table)
      .where(and(...this.scoped, inArray(this.column('id'), [...ids])))
      .orderBy(asc(this.column('id')))
      .for('update');
    return (rows as Values[]).map((row) => this.answerOf(row));
  }

  /**
   * The id of another record holding `value` in the unique field `key`: of the same parent, for a child list (a name is
   * unique among one business's packages).
   */
  async holder(key: string, value: unknown, exceptId: number | undefined, parentId: unknown, tx: Executor = this.db): Promise<number | undefined> {
    const parentKey = this.resource.parent?.key;
    const [row] = await tx
      .select({ id: this.column('id') })
      .from(this.table)
      .where(
        and(
          ...this.scoped,
          eq(this.column(key), value),
          parentKey === undefined ? undefined : eq(this.column(parentKey), parentId),
          exceptId === undefined ? undefined : ne(this.column('id'), exceptId),
        ),
      )
      .limit(1);
    return row?.id as number | undefined;
  }

  /** Inserts a record; fields left out take their declared defaults. */
  async insert(values: Values, tx: Executor = this.db): Promise<number> {
    const row: Values = { ...this.scope };
    for (const [key, field] of Object.entries(this.resource.fields)) {
      const value = values[key] ?? defaultOf(field);
      if (value !== undefined) row[propertyOf(key)] = value;
    }
    const [inserted] = await tx.insert(this.table).values(row).returning({ id: this.column('id') });
    return inserted!.id as number;
  }

  /** Changes the given fields; answers whether the record exists. */
  async update(id: number, values: Values, tx: Executor = this.db): Promise<boolean> {
    const changes: Values = { updatedAt: sql`now()` };
    for (const key of Object.keys(this.resource.fields)) {
      if (key in values) changes[propertyOf(key)] = values[key] ?? defaultOf(this.resource.fields[key]!);
    }
    const updated = await tx.update(this.table).set(changes).where(this.byId(id)).returning({ id: this.column('id') });
    return updated.length > 0;
  }

  async delete(id: number, tx: Executor = this.db): Promise<boolean> {
    const deleted = await tx.delete(this.table).where(this.byId(id)).returning({ id: this.column('id') });
    return deleted.length > 0;
  }
}

import { and, count, param, sql, type AnyColumn, type Column, type SQL } from 'drizzle-orm';
import type { PgSelect, SelectedFields } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type { Executor } from '../db/client';
import { CompiledSelect } from '../db/compiled-select';
import { sqlInteger, type NamedStatements } from '../db/named-statements';
import type { LocalText } from '../errors';
import { cursorRefused, readCursor, writeCursor } from '../http/cursor';
import { keysetBatches } from '../export/batches';
import { sendWorkbook, type ExportColumn } from '../export/workbook';

/** Where the next export batch starts: after the record with this time and tie-breaker, newest first. */
export interface RecordPosition {
  at: Date;
  tie: string | number;
}

/**
 * What one record list declares (用户充值记录, 代理提现记录, the ledger's books): where its rows come from, how a filter
 * narrows them, the sums shown above the table, and the newest-first order (a time, then a unique tie).
 * docs/resources.md › Record lists.
 */
export interface RecordListSpec<Row, Rec, Filter, Sum extends string> {
  /** The row's columns. */
  columns: SelectedFields;
  /** `select(fields)` from the records' table and its joins, before `where`. */
  from: (db: Executor, fields: SelectedFields) => PgSelect;
  where: (filter: Filter, zone: string) => SQL | undefined;
  /** Named sums of the filtered set, each an SQL aggregate (fen or beans). */
  sums: Record<Sum, SQL<number>>;
  newest: { at: AnyColumn; tie: AnyColumn };
  /**
   * How a filter is counted when there is a cheaper way than counting the joined rows: a figure kept per filter, over
   * the first table alone (订单中心's totals). Unset, the list counts `from` under `where`.
   */
  count?: (filter: Filter, zone: string) => Promise<number>;
  toRecord: (row: Row) => Rec;
  /**
   * The family naming the list's page statements (lib/db/named-statements), for a list read hard enough that parsing
   * its text again on every page shows (订单中心). One instance per family, made once at module level: two would give
   * one name to two texts.
   */
  statements?: NamedStatements;
  /**
   * Whether a filter's pages are read the same way whatever its values (each of its filters checked along an index
   * that serves every value alike): only those pages are named in `statements`, and PostgreSQL may settle on a generic
   * plan for them; the others are planned for their values each time. Unset: none are.
   */
  planBlind?: (filter: Filter) => boolean;
  /** A record's place in the newest-first order. */
  position: (record: Rec) => RecordPosition;
}

/**
 * The reads every record list makes: a page of the filtered set, newest first, with the whole set's count
 * and sums; the count alone; and keyset batches for the export (as fast deep in the set as at its start).
 */
export class RecordList<Row, Rec, Filter, Sum extends string> {
  /** The rows' select, rendered once for every page, batch and record this list reads. */
  private readonly select: CompiledSelect<Row>;

  constructor(
    private readonly db: Executor,
    readonly spec: RecordListSpec<Row, Rec, Filter, Sum>,
  ) {
    this.select = new CompiledSelect(spec.from, spec.columns, spec.statements);
  }

  async page(filter: Filter, zone: string, page: number, limit: number): Promise<{ count: number; data: Rec[] } & Record<Sum, number>> {
    const { spec } = this;
    const where = spec.where(filter, zone);
    const sums = Object.fromEntries(Object.entries<SQL<number>>(spec.sums).map(([name, sum]) => [name, sql<number>`coalesce(${sum}, 0)::float8`]));
    const [totals] = (await spec.from(this.db, { count: count(), ...sums }).where(where)) as ({ count: number } & Record<Sum, number>)[];
    const rows = await this.ordered(where, sql` limit ${sqlInteger(limit)} offset ${(page - 1) * limit}`, this.named(filter));
    return { ...totals!, data: rows.map(spec.toRecord) };
  }

  async count(filter: Filter, zone: string): Promise<number> {
    if (this.spec.count) return this.spec.count(filter, zone);
    const [row] = (await this.spec.from(this.db, { n: count() }).where(this.spec.where(filter, zone))) as { n: number }[];
    return row?.n ?? 0;
  }

  /**
   * Up to `size` records after `after`, newest first. The position is one row comparison, `(at, tie) < (…)`, which
   * PostgreSQL reads as a bound of an index on the two (or ending in them); the same written with `or` is a filter it
   * checks row by row, so a page deep in a million orders read tens of thousands of rows to answer twenty.
   */
  async batch(filter: Filter, zone: string, after: RecordPosition | undefined, size: number): Promise<Rec[]> {
    const { at, tie } = this.spec.newest;
    const rest = after ? sql`(${at}, ${tie}) < (${param(after.at, at as Column)}, ${param(after.tie, tie as Column)})` : undefined;
    const rows = await this.ordered(and(this.spec.where(filter, zone), rest), sql` limit ${sqlInteger(size)}`, this.named(filter));
    return rows.map(this.spec.toRecord);
  }

  /**
   * A keyset page (`paging: 'keyset'` on the web): up to `limit` records after the cursor's, newest first, and the
   * filtered set's count — counted for the first page and carried in the cursor after it, so scrolling never counts
   * again. A cursor not made by this list is 40000 naming `cursor`.
   */
  async keyset(filter: Filter, zone: string, cursor: string | undefined, limit: number): Promise<{ count: number; data: Rec[]; next_cursor: string | null }> {
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    const [rows, total] = await Promise.all([this.batch(filter, zone, after, limit + 1), after ? after.total : this.count(filter, zone)]);
    const data = rows.slice(0, limit);
    const last = data.at(-1);
    const next = rows.length > limit && last ? encodeCursor({ ...this.spec.position(last), total }) : null;
    return { count: total, data, next_cursor: next };
  }

  /** The one record `where` finds, as the list shows it. */
  async one(where: SQL): Promise<Row | undefined> {
    const [row] = await this.select.rows(this.db, sql` where ${where}`);
    return row;
  }

  /** The rows under `where`, newest first, then `limits`; the statement named when `named`. */
  private ordered(where: SQL | undefined, limits: SQL, named: boolean): Promise<Row[]> {
    const { at, tie } = this.spec.newest;
    return this.select.rows(this.db, sql`${where ? sql` where ${where}` : sql``} order by ${at} desc, ${tie} desc${limits}`, named);
  }

  private named(filter: Filter): boolean {
    return this.spec.planBlind?.(filter) === true;
  }
}

/** A keyset position and the set's count, as a client carries it: opaque base64url JSON. */
const encodeCursor = ({ at, tie, total }: RecordPosition & { total: number }) => writeCursor([at.toISOString(), tie, total]);

function decodeCursor(text: string): RecordPosition & { total: number } {
  const [at, tie, total] = readCursor(text, 3);
  const time = typeof at === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(at) ? new Date(at) : undefined;
  const validTie = (typeof tie === 'string' && tie.length <= 64) || Number.isSafeInteger(tie);
  if (!time || Number.isNaN(time.getTime()) || !validTie || !Number.isSafeInteger(total) || (total as number) < 0) throw cursorRefused();
  return { at: time, tie: tie as string | number, total: total as number };
}

/** Rows read per keyset query while exporting. */
const BATCH = 1000;
/** Compressed bytes a row takes, measured on the demo's records. */
const BYTES_PER_ROW = 90;

/** A record list's file: its name, its sheet's and its columns. */
export interface RecordWorkbook<Rec> {
  fileName: LocalText;
  sheetName: LocalText;
  columns: ExportColumn<Rec>[];
}

/** Every record the filter finds, newest first, streamed as an .xlsx file (lib/export), read in keyset batches. */
export function sendRecords<Row, Rec, Filter, Sum extends string>(reply: FastifyReply, list: RecordList<Row, Rec, Filter, Sum>, filter: Filter, workbook: RecordWorkbook<Rec>): Promise<void> {
  return sendWorkbook(reply, {
    ...workbook,
    bytesPerRow: BYTES_PER_ROW,
    open: async (zone) => ({
      total: await list.count(filter, zone),
      batches: keysetBatches<Rec, RecordPosition>(BATCH, (after, size) => list.batch(filter, zone, after, size), list.spec.position),
    }),
  });
}

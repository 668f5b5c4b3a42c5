import { IN_OFFICE_STATUSES, type StaffFindFilter } from '@juqi/contract';
import { and, asc, count, desc, eq, getTableColumns, gte, ilike, inArray, isNull, like, lt, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { systemClock, type Clock } from '../../lib/clock';
import { lockFor } from '../../lib/db/advisory-lock';
import type { Db, Executor } from '../../lib/db/client';
import { containing, escapeLike } from '../../lib/db/like';
import { department } from '../../lib/db/schema';
import { FigureCache, filterKey } from '../../lib/figure-cache';
import { personnelCompany, personnelHistory, personnelStaff } from './table';

export type StaffRecord = typeof personnelStaff.$inferSelect;
export type NewStaffRecord = typeof personnelStaff.$inferInsert;
export type StaffHistoryRecord = typeof personnelHistory.$inferSelect;

/** A record with the names of its company and department, as lists show it. */
export type ListedStaff = StaffRecord & { companyName: string | null; departmentName: string | null };

const live = isNull(personnelStaff.deletedAt);
const inOffice = and(live, inArray(personnelStaff.status, [...IN_OFFICE_STATUSES]));
/** Pinyin in code-point order on both engines, whatever the database's collation. */
const byPinyin = sql`${personnelStaff.namePinyin} collate "C"`;



export class PersonnelRepository {
  /**
   * findPage's counts per filter, kept (lib/figure-cache.ts): at 100,000 staff a department's count visits every
   * match (19 ms) where its page reads 20 rows. Every write of a record below clears them, and so does the end of a
   * transaction opened by `transaction` (a count read while a write was still uncommitted is not kept past it);
   * a department moved elsewhere changes the subtree, which is part of the key.
   */
  readonly counts: FigureCache;

  constructor(
    private readonly db: Db,
    clock: Clock = systemClock,
  ) {
    this.counts = new FigureCache(clock);
  }

  /** A transaction over staff records: the kept counts are cleared when it ends, committed or not. */
  async transaction<T>(work: (tx: Executor) => Promise<T>, within: Executor = this.db): Promise<T> {
    try {
      return await within.transaction(work);
    } finally {
      this.counts.clear();
    }
  }

  /**
   * The department tree's lock (docs/departments.md › Deletes): taken before putting staff in a department, so a
   * department's delete and an assignment to it cannot pass each other.
   */
  async lockDepartmentTree(tx: Executor): Promise<void> {
    await lockFor(tx, 'department:tree');
  }

  async departmentExists(id: number, tx: Executor): Promise<boolean> {
    const [row] = await tx.select({ id: department.id }).from(department).where(eq(department.id, id));
    return row !== undefined;
  }

  async companyExists(id: number, tx: Executor): Promise<boolean> {
    const [row] = await tx.select({ id: personnelCompany.id }).from(personnelCompany).where(eq(personnelCompany.id, id));
    return row !== undefined;
  }

  companies(): Promise<{ id: number; name: string }[]> {
    return this.db.select({ id: personnelCompany.id, name: personnelCompany.name }).from(personnelCompany).orderBy(asc(personnelCompany.sort), asc(personnelCompany.id));
  }

  /** Up to `limit` companies whose name contains the keyword (all without one), in their order: the company picker's. */
  companiesMatching(keyword: string | undefined, limit: number): Promise<{ id: number; name: string }[]> {
    return this.db
      .select({ id: personnelCompany.id, name: personnelCompany.name })
      .from(personnelCompany)
      .where(keyword ? ilike(personnelCompany.name, containing(keyword)) : undefined)
      .orderBy(asc(personnelCompany.sort), asc(personnelCompany.id))
      .limit(limit);
  }

  companiesNamed(ids: readonly number[], tx: Executor = this.db): Promise<{ id: number; name: string }[]> {
    return tx.select({ id: personnelCompany.id, name: personnelCompany.name }).from(personnelCompany).where(inArray(personnelCompany.id, [...ids]));
  }

  /** A live record. */
  async get(id: number, tx: Executor = this.db): Promise<StaffRecord | undefined> {
    const [row] = await tx.select().from(personnelStaff).where(and(eq(personnelStaff.id, id), live));
    return row;
  }

  /** Whether a record of this id was ever added, deleted or not (its history stays readable). */
  async everAdded(id: number): Promise<boolean> {
    const [row] = await this.db.select({ id: personnelStaff.id }).from(personnelStaff).where(eq(personnelStaff.id, id));
    return row !== undefined;
  }

  async getListed(id: number): Promise<ListedStaff | undefined> {
    const [row] = await this.listed().where(and(eq(personnelStaff.id, id), live));
    return row;
  }

  /** Live records of these ids, as read before a write's transaction (for the checks that must run outside it). */
  some(ids: readonly number[]): Promise<StaffRecord[]> {
    return this.db
      .select()
      .from(personnelStaff)
      .where(and(inArray(personnelStaff.id, [...ids]), live));
  }

  /** Live records of these ids, locked for the caller's transaction. */
  someForUpdate(ids: readonly number[], tx: Executor): Promise<StaffRecord[]> {
    return tx
      .select()
      .from(personnelStaff)
      .where(and(inArray(personnelStaff.id, [...ids]), live))
      .for('update');
  }

  /** Live records resigning whose leaving date is `today` or before, locked for the leaving job. */
  dueToLeave(today: string, tx: Executor): Promise<StaffRecord[]> {
    return tx
      .select()
      .from(personnelStaff)
      .where(and(eq(personnelStaff.status, 'resigning'), lte(personnelStaff.leavingDate, today), live))
      .orderBy(personnelStaff.id)
      .for('update');
  }

  /** The id of another live record holding the value in `column`, if any. */
  async holderOf(column: 'idCard' | 'mobile' | 'accountId', value: string | number, exceptId: number | undefined, tx: Executor): Promise<number | undefined> {
    const [row] = await tx
      .select({ id: personnelStaff.id })
      .from(personnelStaff)
      .where(and(eq(personnelStaff[column], value), live, exceptId === undefined ? undefined : sql`${personnelStaff.id} <> ${exceptId}`));
    return row?.id;
  }

  async insert(values: NewStaffRecord, tx: Executor): Promise<StaffRecord> {
    this.counts.clear();
    const [row] = await tx.insert(personnelStaff).values(values).returning();
    return row!;
  }

  async insertMany(values: NewStaffRecord[], tx: Executor): Promise<void> {
    this.counts.clear();
    if (values.length) await tx.insert(personnelStaff).values(values);
  }

  async update(id: number, values: Partial<NewStaffRecord>, tx: Executor): Promise<StaffRecord> {
    this.counts.clear();
    const [row] = await tx
      .update(personnelStaff)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(personnelStaff.id, id))
      .returning();
    return row!;
  }

  async softDelete(id: number, tx: Executor): Promise<void> {
    this.counts.clear();
    await tx.update(personnelStaff).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(personnelStaff.id, id));
  }

  async addHistory(entries: (typeof personnelHistory.$inferInsert)[], tx: Executor): Promise<void> {
    if (entries.length) await tx.insert(personnelHistory).values(entries);
  }

  history(staffRecordId: number): Promise<StaffHistoryRecord[]> {
    return this.db.select().from(personnelHistory).where(eq(personnelHistory.staffRecordId, staffRecordId)).orderBy(desc(personnelHistory.id));
  }

  /** How many live records are in any of these departments. */
  async countInDepartments(departmentIds: readonly number[], tx: Executor): Promise<number> {
    if (!departmentIds.length) return 0;
    const [row] = await tx
      .select({ n: count() })
      .from(personnelStaff)
      .where(and(inArray(personnelStaff.departmentId, [...departmentIds]), live));
    return row?.n ?? 0;
  }

  async total(tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(personnelStaff);
    return row?.n ?? 0;
  }

  async companyTotal(tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(personnelCompany);
    return row?.n ?? 0;
  }

  async addCompanies(names: readonly string[], tx: Executor): Promise<void> {
    await tx.insert(personnelCompany).values(names.map((name, index) => ({ name, sort: (index + 1) * 10 })));
  }

  // ——— lists ———

  /** A page of live records matching the spec's filters, newest first, with their count (kept: `counts`). */
  async findPage(filter: StaffFindFilter, offset: number, limit: number): Promise<{ count: number; rows: ListedStaff[] }> {
    const subtree = filter.department ? await this.subtreeIds(filter.department) : undefined;
    const where = and(live, ...findConditions(filter, subtree));
    const [total, rows] = await Promise.all([
      this.counts.get(filterKey('staff', { ...filter, department: subtree }), () => this.countWhere(where)),
      this.listed().where(where).orderBy(desc(personnelStaff.id)).limit(limit).offset(offset),
    ]);
    return { count: total, rows };
  }

  /** The findPage filter as one condition over live records, its department subtree read first (the export's). */
  async findCondition(filter: StaffFindFilter): Promise<SQL | undefined> {
    return and(live, ...findConditions(filter, filter.department ? await this.subtreeIds(filter.department) : undefined));
  }

  async countWhere(where: SQL | undefined): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(personnelStaff).where(where);
    return row?.n ?? 0;
  }

  /** Up to `limit` records matching `where`, newest first, below the id `beforeId`: the export's keyset batches. */
  listedBefore(where: SQL | undefined, beforeId: number | undefined, limit: number): Promise<ListedStaff[]> {
    return this.listed()
      .where(and(where, beforeId === undefined ? undefined : lt(personnelStaff.id, beforeId)))
      .orderBy(desc(personnelStaff.id))
      .limit(limit);
  }

  /** Live records holding any of these identity cards or mobiles (an import's matches and clashes). */
  liveByIdentity(idCards: readonly string[], mobiles: readonly string[], tx: Executor = this.db): Promise<StaffRecord[]> {
    const holds = or(idCards.length ? inArray(personnelStaff.idCard, [...idCards]) : undefined, mobiles.length ? inArray(personnelStaff.mobile, [...mobiles]) : undefined);
    if (!holds) return Promise.resolve([]);
    return tx.select().from(personnelStaff).where(and(live, holds));
  }

  /** Departments by name (a name may be given to several). */
  departmentsNamed(names: readonly string[], tx: Executor = this.db): Promise<{ id: number; name: string }[]> {
    if (!names.length) return Promise.resolve([]);
    return tx.select({ id: department.id, name: department.name }).from(department).where(inArray(department.name, [...names]));
  }

  /** Inserts the records and answers them in the order given. */
  async insertAll(values: NewStaffRecord[], tx: Executor): Promise<StaffRecord[]> {
    this.counts.clear();
    const rows: StaffRecord[] = [];
    // A statement's parameters are limited (65,535): a few hundred records of ~20 columns at a time.
    for (let i = 0; i < values.length; i += 500) rows.push(...(await tx.insert(personnelStaff).values(values.slice(i, i + 500)).returning()));
    return rows;
  }

  /** Live records other than `exceptIds` whose custom field `key` holds one of `values` (unique custom fields). */
  holdersOfExtra(key: string, values: readonly unknown[], exceptIds: readonly number[], tx: Executor): Promise<{ id: number; value: unknown }[]> {
    if (!values.length) return Promise.resolve([]);
    const value = sql<unknown>`${personnelStaff.extra} -> ${key}`;
    return tx
      .select({ id: personnelStaff.id, value })
      .from(personnelStaff)
      .where(
        and(
          live,
          sql`${value} in (select jsonb_array_elements(${JSON.stringify(values)}::jsonb))`,
          exceptIds.length ? notInArray(personnelStaff.id, [...exceptIds]) : undefined,
        ),
      );
  }

  /** Staff in office, by pinyin then id, with their department's name. */
  async addressBook(options: { keyword?: string; departmentId?: number; offset?: number; limit?: number } = {}): Promise<ListedStaff[]> {
    let query = this.listed()
      .where(and(inOffice, ...addressConditions(options, await this.subtreeOf(options.departmentId))))
      .orderBy(byPinyin, asc(personnelStaff.id))
      .$dynamic();
    if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
    return query;
  }

  async addressBookCount(options: { keyword?: string; departmentId?: number }): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(personnelStaff)
      .where(and(inOffice, ...addressConditions(options, await this.subtreeOf(options.departmentId))));
    return row?.n ?? 0;
  }

  /** Records of these ids, whatever their state: a value picked once keeps naming the person after they leave. */
  named(ids: readonly number[], tx: Executor = this.db): Promise<ListedStaff[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.listedBy(tx).where(inArray(personnelStaff.id, [...ids]));
  }

  /**
   * Records of these ids a picker may name: people in office and those who left since a value picked them — never a
   * deleted record, nor a candidate, whom no picker offers.
   */
  shown(ids: readonly number[]): Promise<ListedStaff[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.listed().where(and(inArray(personnelStaff.id, [...ids]), live, ne(personnelStaff.status, 'candidate')));
  }

  async addressBookEntry(id: number): Promise<ListedStaff | undefined> {
    const [row] = await this.listed().where(and(inOffice, eq(personnelStaff.id, id)));
    return row;
  }

  /**
   * The ids of a department and every department under it (its materialised path's prefix; docs/departments.md), read
   * first: with the ids written into the list's query, PostgreSQL walks the newest records of those departments and
   * stops at the page, where a sub-select left it guessing and sorting every match (bench/README.md › Staff findPage).
   */
  async subtreeIds(departmentId: number): Promise<number[]> {
    const [top] = await this.db.select({ path: department.path }).from(department).where(eq(department.id, departmentId));
    if (!top) return [];
    const rows = await this.db.select({ id: department.id }).from(department).where(like(department.path, `${escapeLike(top.path)}%`));
    return rows.map((row) => row.id);
  }

  private subtreeOf(departmentId: number | undefined): Promise<number[] | undefined> {
    return departmentId === undefined ? Promise.resolve(undefined) : this.subtreeIds(departmentId);
  }

  private listed() {
    return this.listedBy(this.db);
  }

  private listedBy(tx: Executor) {
    return tx
      .select({ ...getTableColumns(personnelStaff), companyName: personnelCompany.name, departmentName: department.name })
      .from(personnelStaff)
      .leftJoin(personnelCompany, eq(personnelCompany.id, personnelStaff.companyId))
      .leftJoin(department, eq(department.id, personnelStaff.departmentId))
      .$dynamic();
  }
}

/** The spec's findPage filters as conditions; an empty text filters nothing. */
/** Records in any of these departments; none when the department asked for does not exist. */
const inDepartments = (ids: readonly number[]) => (ids.length ? inArray(personnelStaff.departmentId, [...ids]) : sql`false`);

function findConditions(filter: StaffFindFilter, departmentIds?: readonly number[]): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  if (filter.name) {
    conditions.push(or(ilike(personnelStaff.name, containing(filter.name)), like(personnelStaff.nameInitials, `${escapeLike(filter.name.toLowerCase())}%`)));
  }
  if (filter.idCard) conditions.push(eq(personnelStaff.idCard, filter.idCard.toUpperCase()));
  if (filter.mobile) conditions.push(like(personnelStaff.mobile, containing(filter.mobile)));
  if (filter.company) conditions.push(eq(personnelStaff.companyId, filter.company));
  if (departmentIds) conditions.push(inDepartments(departmentIds));
  if (filter.status) conditions.push(inArray(personnelStaff.status, Array.isArray(filter.status) ? filter.status : [filter.status]));
  if (filter.reportTime) conditions.push(gte(personnelStaff.reportTime, filter.reportTime[0]), lte(personnelStaff.reportTime, filter.reportTime[1]));
  return conditions;
}

/** The address book's keyword (name, initials, mobile) and department (with its sub-departments). */
function addressConditions({ keyword }: { keyword?: string }, departmentIds?: readonly number[]): (SQL | undefined)[] {
  const pattern = keyword ? containing(keyword) : undefined;
  return [
    pattern ? or(ilike(personnelStaff.name, pattern), ilike(personnelStaff.nameInitials, pattern), like(personnelStaff.mobile, pattern)) : undefined,
    departmentIds ? inDepartments(departmentIds) : undefined,
  ];
}

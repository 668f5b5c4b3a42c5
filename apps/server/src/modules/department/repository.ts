import type { LookupItem } from '@juqi/contract';
import { and, asc, count, eq, ilike, inArray, like, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { lockFor } from '../../lib/db/advisory-lock';
import type { Executor } from '../../lib/db/client';
import { containing } from '../../lib/db/like';
import { department } from './table';

export type DepartmentRow = typeof department.$inferSelect;

/** What a write sets from the name: the name and its pinyin columns. */
export interface NamedValues {
  name: string;
  namePinyin: string;
  nameInitials: string;
  nameLetter: string;
}

/** Pinyin in code-point order on both engines, whatever the database's collation. */
const byPinyin = sql`${department.namePinyin} collate "C"`;

export class DepartmentRepository {
  constructor(private readonly db: Executor) {}

  /** Serialises the tree's writes until the transaction ends, so two moves cannot make a cycle between them. */
  async lockTree(tx: Executor): Promise<void> {
    await lockFor(tx, 'department:tree');
  }

  async get(id: number, tx: Executor = this.db): Promise<DepartmentRow | undefined> {
    const [row] = await tx.select().from(department).where(eq(department.id, id));
    return row;
  }

  /** Every department, each level's in order (sort, then id). */
  all(tx: Executor = this.db): Promise<DepartmentRow[]> {
    return tx.select().from(department).orderBy(asc(department.sort), asc(department.id));
  }

  /** Every department's id and name with its letter, by pinyin then id. */
  byPinyin(tx: Executor = this.db): Promise<{ id: number; name: string; letter: string }[]> {
    return tx.select({ id: department.id, name: department.name, letter: department.nameLetter }).from(department).orderBy(byPinyin, asc(department.id));
  }

  /** The departments of these ids, in any order. */
  some(ids: readonly number[], tx: Executor = this.db): Promise<{ id: number; name: string }[]> {
    if (!ids.length) return Promise.resolve([]);
    return tx.select({ id: department.id, name: department.name }).from(department).where(inArray(department.id, [...ids]));
  }

  async childCount(id: number, tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(department).where(eq(department.parentId, id));
    return row?.n ?? 0;
  }

  /** Whether a sibling under `parentId` other than `exceptId` has the name. */
  async nameTaken(parentId: number, name: string, exceptId?: number, tx: Executor = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ id: department.id })
      .from(department)
      .where(and(eq(department.parentId, parentId), eq(department.name, name), exceptId === undefined ? undefined : ne(department.id, exceptId)));
    return row !== undefined;
  }

  /** Adds a department under the parent whose path is `parentPath` (`/` for the top); answers its row. */
  async add(values: NamedValues & { parentId: number; sort: number; headAccountId?: number | null }, parentPath: string, tx: Executor = this.db): Promise<DepartmentRow> {
    // The path holds the department's own id, known once the row is in.
    const [inserted] = await tx.insert(department).values({ ...values, path: parentPath }).returning({ id: department.id });
    const [row] = await tx
      .update(department)
      .set({ path: `${parentPath}${inserted!.id}/` })
      .where(eq(department.id, inserted!.id))
      .returning();
    return row!;
  }

  async update(id: number, values: Partial<NamedValues> & { sort?: number; parentId?: number; headAccountId?: number | null }, tx: Executor = this.db): Promise<DepartmentRow> {
    const [row] = await tx
      .update(department)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(department.id, id))
      .returning();
    return row!;
  }

  /**
   * Rewrites the paths of the subtree at `fromPath` (the department itself included) to start with `toPath` instead.
   * A path is digits and slashes, so it needs no escaping in the LIKE prefix.
   */
  async movePaths(fromPath: string, toPath: string, tx: Executor = this.db): Promise<void> {
    await tx
      .update(department)
      .set({ path: sql`${toPath} || substr(${department.path}, ${fromPath.length + 1})` })
      .where(like(department.path, `${fromPath}%`));
  }

  async delete(id: number, tx: Executor = this.db): Promise<void> {
    await tx.delete(department).where(eq(department.id, id));
  }

  async total(tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(department);
    return row?.n ?? 0;
  }

  // ——— the `department` lookup of record-picking fields ———

  /** Up to `limit` departments whose name, pinyin or initials hold the keyword, by pinyin; the parent's name as the hint. */
  async matching(keyword: string | undefined, limit: number, tx: Executor = this.db): Promise<LookupItem[]> {
    const pattern = keyword ? containing(keyword) : undefined;
    const parent = alias(department, 'parent');
    const rows = await tx
      .select({ id: department.id, name: department.name, hint: parent.name })
      .from(department)
      .leftJoin(parent, eq(parent.id, department.parentId))
      .where(pattern ? or(ilike(department.name, pattern), ilike(department.namePinyin, pattern), ilike(department.nameInitials, pattern)) : undefined)
      .orderBy(byPinyin, asc(department.id))
      .limit(limit);
    return rows.map(({ hint, ...row }) => (hint ? { ...row, hint } : row));
  }

  /** The departments of these ids, each with its parent's name as the hint. */
  async named(ids: readonly number[], tx: Executor = this.db): Promise<LookupItem[]> {
    if (!ids.length) return [];
    const parent = alias(department, 'parent');
    const rows = await tx
      .select({ id: department.id, name: department.name, hint: parent.name })
      .from(department)
      .leftJoin(parent, eq(parent.id, department.parentId))
      .where(inArray(department.id, [...ids]));
    return rows.map(({ hint, ...row }) => (hint ? { ...row, hint } : row));
  }
}

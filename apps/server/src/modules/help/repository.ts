import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../lib/db/client';
import {
  helpCategory,
  helpFunction,
  helpManual,
  helpUpgradeLog,
  helpUpgradeVersion,
  type HelpCategoryRow,
  type HelpFunctionRow,
  type HelpManualRow,
  type UpgradeLogRow,
  type UpgradeVersionRow,
} from './table';
import { containing } from '../../lib/db/like';

export type NewUpgradeVersion = Omit<typeof helpUpgradeVersion.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type NewHelpManual = Omit<typeof helpManual.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type NewHelpCategory = Omit<typeof helpCategory.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type NewHelpFunction = Omit<typeof helpFunction.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;


/** A manual without its (possibly long) content. */
const manualSummary = {
  id: helpManual.id,
  name: helpManual.name,
  path: helpManual.path,
  explains: helpManual.explains,
  sort: helpManual.sort,
  updatedAt: helpManual.updatedAt,
};
export type HelpManualSummaryRow = Pick<HelpManualRow, keyof typeof manualSummary>;

const topCategory = alias(helpCategory, 'top_category');

export class HelpRepository {
  constructor(private readonly db: Executor) {}

  // ——— upgrade log ———

  async findLog(id: number, tx: Executor = this.db): Promise<UpgradeLogRow | undefined> {
    const [row] = await tx.select().from(helpUpgradeLog).where(eq(helpUpgradeLog.id, id));
    return row;
  }

  /** Creates the log with this exact id when missing, and moves the id sequence past it. */
  async ensureLog(id: number, name: string, tx: Executor = this.db): Promise<void> {
    const inserted = await tx
      .insert(helpUpgradeLog)
      .values({ id, name })
      .onConflictDoNothing({ target: helpUpgradeLog.id })
      .returning({ id: helpUpgradeLog.id });
    if (!inserted.length) return;
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('help_upgrade_log', 'id'), greatest((select max(${helpUpgradeLog.id}) from ${helpUpgradeLog}), 1))`,
    );
  }

  /** Newest first: by update day, then by id. */
  async listVersions(logId: number, page: number, limit: number, tx: Executor = this.db) {
    const where = eq(helpUpgradeVersion.logId, logId);
    const [rows, [total]] = await Promise.all([
      tx
        .select()
        .from(helpUpgradeVersion)
        .where(where)
        .orderBy(desc(helpUpgradeVersion.upTime), desc(helpUpgradeVersion.id))
        .limit(limit)
        .offset((page - 1) * limit),
      tx.select({ n: count() }).from(helpUpgradeVersion).where(where),
    ]);
    return { count: total?.n ?? 0, rows };
  }

  async countVersions(logId: number, tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(helpUpgradeVersion).where(eq(helpUpgradeVersion.logId, logId));
    return row?.n ?? 0;
  }

  async findVersion(id: number, tx: Executor = this.db): Promise<UpgradeVersionRow | undefined> {
    const [row] = await tx.select().from(helpUpgradeVersion).where(eq(helpUpgradeVersion.id, id));
    return row;
  }

  /** For the seed: the settings screen writes versions through the resource layer. */
  async insertVersion(values: NewUpgradeVersion, tx: Executor = this.db): Promise<void> {
    await tx.insert(helpUpgradeVersion).values(values);
  }

  // ——— help manuals ———

  async listManuals(keyword: string | undefined, page: number, limit: number, tx: Executor = this.db) {
    const where = keyword ? or(ilike(helpManual.name, containing(keyword)), ilike(helpManual.path, containing(keyword))) : undefined;
    const [rows, [total]] = await Promise.all([
      tx
        .select(manualSummary)
        .from(helpManual)
        .where(where)
        .orderBy(asc(helpManual.sort), asc(helpManual.id))
        .limit(limit)
        .offset((page - 1) * limit),
      tx.select({ n: count() }).from(helpManual).where(where),
    ]);
    return { count: total?.n ?? 0, rows };
  }

  async countManuals(tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(helpManual);
    return row?.n ?? 0;
  }

  async findManual(id: number, tx: Executor = this.db): Promise<HelpManualRow | undefined> {
    const [row] = await tx.select().from(helpManual).where(eq(helpManual.id, id));
    return row;
  }

  async findManualByPath(path: string, tx: Executor = this.db): Promise<HelpManualRow | undefined> {
    const [row] = await tx.select().from(helpManual).where(eq(helpManual.path, path));
    return row;
  }

  async insertManual(values: NewHelpManual, tx: Executor = this.db): Promise<HelpManualRow> {
    const [row] = await tx.insert(helpManual).values(values).returning();
    return row!;
  }

  // ——— feature-introduction categories ———

  /** Categories of one level (1: pid 0, 2: pid ≠ 0), or the children of one category. */
  categories(filter: { level: 1 | 2 } | { pid: number }, tx: Executor = this.db): Promise<HelpCategoryRow[]> {
    const where = 'pid' in filter ? eq(helpCategory.pid, filter.pid) : filter.level === 1 ? eq(helpCategory.pid, 0) : ne(helpCategory.pid, 0);
    return tx.select().from(helpCategory).where(where).orderBy(asc(helpCategory.sort), asc(helpCategory.id));
  }

  async countCategories(tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(helpCategory);
    return row?.n ?? 0;
  }

  async findCategory(id: number, tx: Executor = this.db): Promise<HelpCategoryRow | undefined> {
    const [row] = await tx.select().from(helpCategory).where(eq(helpCategory.id, id));
    return row;
  }

  async findCategoryByName(pid: number, name: string, tx: Executor = this.db): Promise<HelpCategoryRow | undefined> {
    const [row] = await tx.select().from(helpCategory).where(and(eq(helpCategory.pid, pid), eq(helpCategory.name, name)));
    return row;
  }

  async childCount(id: number, tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(helpCategory).where(eq(helpCategory.pid, id));
    return row?.n ?? 0;
  }

  async functionCount(categoryId: number, tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(helpFunction).where(eq(helpFunction.categoryId, categoryId));
    return row?.n ?? 0;
  }

  async insertCategory(values: NewHelpCategory, tx: Executor = this.db): Promise<HelpCategoryRow> {
    const [row] = await tx.insert(helpCategory).values(values).returning();
    return row!;
  }

  async updateCategory(id: number, values: Partial<NewHelpCategory>, tx: Executor = this.db): Promise<HelpCategoryRow | undefined> {
    const [row] = await tx
      .update(helpCategory)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(helpCategory.id, id))
      .returning();
    return row;
  }

  async deleteCategory(id: number, tx: Executor = this.db): Promise<void> {
    await tx.delete(helpCategory).where(eq(helpCategory.id, id));
  }

  // ——— feature-introduction functions ———

  functionsOf(categoryId: number, tx: Executor = this.db): Promise<HelpFunctionRow[]> {
    return tx
      .select()
      .from(helpFunction)
      .where(eq(helpFunction.categoryId, categoryId))
      .orderBy(asc(helpFunction.sort), asc(helpFunction.id));
  }

  /** Functions with their subcategory and top category, within one category (either level) or matching a name. */
  async listFunctions(filter: { pid?: number; keyword?: string }, page: number, limit: number, tx: Executor = this.db) {
    const conditions: SQL[] = [];
    if (filter.pid !== undefined) conditions.push(or(eq(helpFunction.categoryId, filter.pid), eq(helpCategory.pid, filter.pid))!);
    if (filter.keyword) conditions.push(ilike(helpFunction.name, containing(filter.keyword)));
    const where = conditions.length ? and(...conditions) : undefined;
    const base = () =>
      tx
        .select({
          id: helpFunction.id,
          pid: helpFunction.categoryId,
          name: helpFunction.name,
          sort: helpFunction.sort,
          updatedAt: helpFunction.updatedAt,
          categoryName: helpCategory.name,
          topCategoryId: topCategory.id,
          topCategoryName: topCategory.name,
        })
        .from(helpFunction)
        .innerJoin(helpCategory, eq(helpCategory.id, helpFunction.categoryId))
        .leftJoin(topCategory, eq(topCategory.id, helpCategory.pid));
    const [rows, [total]] = await Promise.all([
      base()
        .where(where)
        .orderBy(asc(topCategory.sort), asc(topCategory.id), asc(helpCategory.sort), asc(helpCategory.id), asc(helpFunction.sort), asc(helpFunction.id))
        .limit(limit)
        .offset((page - 1) * limit),
      tx
        .select({ n: count() })
        .from(helpFunction)
        .innerJoin(helpCategory, eq(helpCategory.id, helpFunction.categoryId))
        .where(where),
    ]);
    return { count: total?.n ?? 0, rows };
  }

  async findFunction(id: number, tx: Executor = this.db): Promise<HelpFunctionRow | undefined> {
    const [row] = await tx.select().from(helpFunction).where(eq(helpFunction.id, id));
    return row;
  }

  async insertFunction(values: NewHelpFunction, tx: Executor = this.db): Promise<HelpFunctionRow> {
    const [row] = await tx.insert(helpFunction).values(values).returning();
    return row!;
  }

  async updateFunction(id: number, values: Partial<NewHelpFunction>, tx: Executor = this.db): Promise<HelpFunctionRow | undefined> {
    const [row] = await tx
      .update(helpFunction)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(helpFunction.id, id))
      .returning();
    return row;
  }

  async deleteFunction(id: number, tx: Executor = this.db): Promise<boolean> {
    const rows = await tx.delete(helpFunction).where(eq(helpFunction.id, id)).returning({ id: helpFunction.id });
    return rows.length > 0;
  }
}

import { TOP_LEVEL_INDUSTRY, type ProvinceOption } from '@juqi/contract';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import { generalCity, generalIndustry } from './table';

/** What the tree rules and the province filter read, beside the resource layer's own queries. */
export class GeneralRepository {
  constructor(private readonly db: Executor) {}

  async industry(id: number, tx: Executor = this.db) {
    const [row] = await tx.select({ id: generalIndustry.id, parentId: generalIndustry.parentId }).from(generalIndustry).where(eq(generalIndustry.id, id));
    return row;
  }

  async childCount(id: number, tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(generalIndustry).where(eq(generalIndustry.parentId, id));
    return row?.n ?? 0;
  }

  /** Another industry of that name under that parent. */
  async sibling(parentId: number, name: string, exceptId: number | undefined, tx: Executor = this.db): Promise<number | undefined> {
    const [row] = await tx
      .select({ id: generalIndustry.id })
      .from(generalIndustry)
      .where(and(eq(generalIndustry.parentId, parentId), eq(generalIndustry.name, name), exceptId === undefined ? undefined : ne(generalIndustry.id, exceptId)))
      .limit(1);
    return row?.id;
  }

  async industryCount(tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(generalIndustry);
    return row?.n ?? 0;
  }

  /** Adds top-level industries (names taken are kept) and answers every top-level industry's id by name. */
  async addTopLevel(names: { name: string; sort: number }[], tx: Executor = this.db): Promise<Map<string, number>> {
    await tx
      .insert(generalIndustry)
      .values(names.map(({ name, sort }) => ({ name, sort, parentId: TOP_LEVEL_INDUSTRY })))
      .onConflictDoNothing();
    const rows = await tx
      .select({ id: generalIndustry.id, name: generalIndustry.name })
      .from(generalIndustry)
      .where(and(eq(generalIndustry.parentId, TOP_LEVEL_INDUSTRY), inArray(generalIndustry.name, names.map((n) => n.name))));
    return new Map(rows.map((row) => [row.name, row.id]));
  }

  async addChildren(children: { parentId: number; name: string; sort: number }[], tx: Executor = this.db): Promise<void> {
    if (children.length) await tx.insert(generalIndustry).values(children).onConflictDoNothing();
  }

  async provinces(tx: Executor = this.db): Promise<ProvinceOption[]> {
    return tx
      .selectDistinct({ code: generalCity.provinceCode, name: generalCity.provinceName })
      .from(generalCity)
      .orderBy(asc(generalCity.provinceCode));
  }

  async hotCityCount(tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(generalCity).where(eq(generalCity.hot, true));
    return row?.n ?? 0;
  }

  /** Marks these cities hot, first in the given order. */
  async markHot(codes: string[], tx: Executor = this.db): Promise<void> {
    for (const [index, code] of codes.entries()) await tx.update(generalCity).set({ hot: true, sort: index + 1 }).where(eq(generalCity.code, code));
  }
}

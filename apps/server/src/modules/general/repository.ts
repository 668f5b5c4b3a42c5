import type { LookupItem, ProvinceCities, ProvinceOption } from '@juqi/contract';
import { and, asc, count, eq, ilike, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { containing } from '../../lib/db/like';
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

  /** Another industry of that name under that parent (null: at the top level). */
  async sibling(parentId: number | null, name: string, exceptId: number | undefined, tx: Executor = this.db): Promise<number | undefined> {
    const [row] = await tx
      .select({ id: generalIndustry.id })
      .from(generalIndustry)
      .where(and(parentId === null ? isNull(generalIndustry.parentId) : eq(generalIndustry.parentId, parentId), eq(generalIndustry.name, name), exceptId === undefined ? undefined : ne(generalIndustry.id, exceptId)))
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
      .values(names.map(({ name, sort }) => ({ name, sort })))
      .onConflictDoNothing();
    const rows = await tx
      .select({ id: generalIndustry.id, name: generalIndustry.name })
      .from(generalIndustry)
      .where(and(isNull(generalIndustry.parentId), inArray(generalIndustry.name, names.map((n) => n.name))));
    return new Map(rows.map((row) => [row.name, row.id]));
  }

  async addChildren(children: { parentId: number; name: string; sort: number }[], tx: Executor = this.db): Promise<void> {
    if (children.length) await tx.insert(generalIndustry).values(children).onConflictDoNothing();
  }

  /** Enabled industries whose name holds the keyword, sub-industries hinted by their parent, in the tree's order. */
  async industriesMatching(keyword: string | undefined, limit: number, tx: Executor = this.db): Promise<LookupItem[]> {
    const parent = alias(generalIndustry, 'parent');
    const rows = await tx
      .select({ id: generalIndustry.id, name: generalIndustry.name, hint: parent.name })
      .from(generalIndustry)
      .leftJoin(parent, eq(parent.id, generalIndustry.parentId))
      .where(and(eq(generalIndustry.enabled, true), keyword ? ilike(generalIndustry.name, containing(keyword)) : undefined))
      .orderBy(sql`coalesce(${parent.sort}, ${generalIndustry.sort})`, sql`coalesce(${parent.id}, ${generalIndustry.id})`, sql`${generalIndustry.parentId} is not null`, asc(generalIndustry.sort), asc(generalIndustry.id))
      .limit(limit);
    return rows.map(({ hint, ...row }) => (hint ? { ...row, hint } : row));
  }

  /** The industries of these ids, disabled ones included. */
  async industriesNamed(ids: readonly number[], tx: Executor = this.db): Promise<LookupItem[]> {
    if (!ids.length) return [];
    const parent = alias(generalIndustry, 'parent');
    const rows = await tx
      .select({ id: generalIndustry.id, name: generalIndustry.name, hint: parent.name })
      .from(generalIndustry)
      .leftJoin(parent, eq(parent.id, generalIndustry.parentId))
      .where(inArray(generalIndustry.id, [...ids]));
    return rows.map(({ hint, ...row }) => (hint ? { ...row, hint } : row));
  }

  /** Enabled cities under their provinces, each level in 城市设置's order (a province by its first city's place). */
  async cityTree(tx: Executor = this.db): Promise<ProvinceCities[]> {
    const rows = await tx
      .select({ code: generalCity.code, name: generalCity.name, provinceCode: generalCity.provinceCode, provinceName: generalCity.provinceName })
      .from(generalCity)
      .where(eq(generalCity.enabled, true))
      .orderBy(asc(generalCity.provinceCode), asc(generalCity.sort), asc(generalCity.code));
    const provinces = new Map<string, ProvinceCities>();
    for (const row of rows) {
      const province = provinces.get(row.provinceCode) ?? { code: row.provinceCode, name: row.provinceName, cities: [] };
      province.cities.push({ code: row.code, name: row.name });
      provinces.set(row.provinceCode, province);
    }
    return [...provinces.values()];
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

import type { CityRegion, RegionCity } from '@juqi/contract';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import { generalCity } from '../../lib/db/schema';
import { relevanceRegion, relevanceRegionCity } from './table';

/** A city another region holds. */
export interface HeldCity {
  code: string;
  name: string;
  regionName: string;
}

/** Regions' cities, beside the resource layer's own queries of the regions. */
export class RelevanceRepository {
  constructor(private readonly db: Executor) {}

  async region(id: number, tx: Executor = this.db): Promise<{ id: number; name: string } | undefined> {
    const [row] = await tx.select({ id: relevanceRegion.id, name: relevanceRegion.name }).from(relevanceRegion).where(eq(relevanceRegion.id, id));
    return row;
  }

  /** A region's cities, by province, then the cities' own order (城市设置). */
  citiesOf(regionId: number, tx: Executor = this.db): Promise<RegionCity[]> {
    return tx
      .select({ code: generalCity.code, name: generalCity.name, province_name: generalCity.provinceName })
      .from(relevanceRegionCity)
      .innerJoin(generalCity, eq(generalCity.code, relevanceRegionCity.cityCode))
      .where(eq(relevanceRegionCity.regionId, regionId))
      .orderBy(asc(generalCity.provinceCode), asc(generalCity.sort), asc(generalCity.code));
  }

  /** Every city with the region holding it, in the same order. */
  cityRegions(tx: Executor = this.db): Promise<CityRegion[]> {
    return tx
      .select({
        code: generalCity.code,
        name: generalCity.name,
        province_code: generalCity.provinceCode,
        province_name: generalCity.provinceName,
        pinyin: generalCity.pinyin,
        initials: generalCity.initials,
        enabled: generalCity.enabled,
        region_id: relevanceRegion.id,
        region_name: relevanceRegion.name,
      })
      .from(generalCity)
      .leftJoin(relevanceRegionCity, eq(relevanceRegionCity.cityCode, generalCity.code))
      .leftJoin(relevanceRegion, eq(relevanceRegion.id, relevanceRegionCity.regionId))
      .orderBy(asc(generalCity.provinceCode), asc(generalCity.sort), asc(generalCity.code));
  }

  /** Which of these codes are cities of 城市设置. */
  async knownCodes(codes: string[], tx: Executor = this.db): Promise<Set<string>> {
    if (!codes.length) return new Set();
    const rows = await tx.select({ code: generalCity.code }).from(generalCity).where(inArray(generalCity.code, codes));
    return new Set(rows.map((row) => row.code));
  }

  /** Those of these cities a region other than `regionId` holds, in the cities' order. */
  heldElsewhere(codes: string[], regionId: number, tx: Executor = this.db): Promise<HeldCity[]> {
    if (!codes.length) return Promise.resolve([]);
    return tx
      .select({ code: generalCity.code, name: generalCity.name, regionName: relevanceRegion.name })
      .from(relevanceRegionCity)
      .innerJoin(generalCity, eq(generalCity.code, relevanceRegionCity.cityCode))
      .innerJoin(relevanceRegion, eq(relevanceRegion.id, relevanceRegionCity.regionId))
      .where(and(inArray(relevanceRegionCity.cityCode, codes), ne(relevanceRegionCity.regionId, regionId)))
      .orderBy(asc(relevanceRegion.sort), asc(relevanceRegion.id), asc(generalCity.provinceCode), asc(generalCity.sort), asc(generalCity.code));
  }

  /** Makes these the region's cities. */
  async replaceCities(regionId: number, codes: string[], tx: Executor = this.db): Promise<void> {
    await tx.delete(relevanceRegionCity).where(eq(relevanceRegionCity.regionId, regionId));
    if (codes.length) await tx.insert(relevanceRegionCity).values(codes.map((cityCode) => ({ regionId, cityCode })));
  }

  async regionOfCity(code: string, tx: Executor = this.db): Promise<{ id: number; name: string } | null> {
    const [row] = await tx
      .select({ id: relevanceRegion.id, name: relevanceRegion.name })
      .from(relevanceRegionCity)
      .innerJoin(relevanceRegion, eq(relevanceRegion.id, relevanceRegionCity.regionId))
      .where(eq(relevanceRegionCity.cityCode, code));
    return row ?? null;
  }

  async regionCount(tx: Executor = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(relevanceRegion);
    return row?.n ?? 0;
  }

  /** Adds a region with its cities (the demo's); answers its id. */
  async addRegion(region: { name: string; sort: number; remark: string }, codes: string[], tx: Executor = this.db): Promise<number> {
    const [row] = await tx.insert(relevanceRegion).values(region).returning({ id: relevanceRegion.id });
    await this.replaceCities(row!.id, codes, tx);
    return row!.id;
  }
}

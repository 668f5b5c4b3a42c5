import type { BusinessCard } from '@juqi/contract';
import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import { containing } from '../../lib/db/like';
import { generalIndustry } from '../../lib/db/schema';
import { business, businessPackage } from './table';

export interface CatalogFilter {
  keyword?: string;
  industryId?: number;
  enabled?: boolean;
}

/** A business's card: its own columns, its industry's name, its packages in figures (those on sale priced). */
const cardColumns = {
  id: business.id,
  name: business.name,
  industry_id: business.industryId,
  industry_name: generalIndustry.name,
  summary: business.summary,
  enabled: business.enabled,
  packages_on_sale: sql<number>`(count(${businessPackage.id}) filter (where ${businessPackage.enabled}))::int`,
  package_count: sql<number>`count(${businessPackage.id})::int`,
  price_from: sql<number | null>`min(${businessPackage.price}) filter (where ${businessPackage.enabled})`,
  price_to: sql<number | null>`max(${businessPackage.price}) filter (where ${businessPackage.enabled})`,
};

/** The businesses as 全部业务 shows them, and as a record-picking field's lookup names and finds them (the field type `business`). */
export class BusinessRepository {
  constructor(private readonly db: Executor) {}

  /** A page of business cards in 业务设置's order, with the filtered set's count. */
  async catalog(filter: CatalogFilter, page: number, limit: number): Promise<{ count: number; data: BusinessCard[] }> {
    const where = and(
      filter.keyword ? ilike(business.name, containing(filter.keyword)) : undefined,
      filter.industryId === undefined ? undefined : eq(business.industryId, filter.industryId),
      filter.enabled === undefined ? undefined : eq(business.enabled, filter.enabled),
    );
    const [total] = await this.db.select({ n: count() }).from(business).where(where);
    const data = await this.cards(where).orderBy(asc(business.sort), asc(business.id)).limit(limit).offset((page - 1) * limit);
    return { count: total?.n ?? 0, data };
  }

  /** One business's card with its introduction, or undefined. */
  async card(id: number): Promise<(BusinessCard & { content: string }) | undefined> {
    const [row] = await this.cards(eq(business.id, id));
    if (!row) return undefined;
    const [{ content } = { content: '' }] = await this.db.select({ content: business.content }).from(business).where(eq(business.id, id));
    return { ...row, content };
  }

  /** A business's packages, on sale or not, in 套餐设置's order. */
  packagesOf(businessId: number) {
    return this.db
      .select({
        id: businessPackage.id,
        name: businessPackage.name,
        price: businessPackage.price,
        duration_days: businessPackage.durationDays,
        quota: businessPackage.quota,
        description: businessPackage.description,
        enabled: businessPackage.enabled,
      })
      .from(businessPackage)
      .where(eq(businessPackage.businessId, businessId))
      .orderBy(asc(businessPackage.sort), asc(businessPackage.id));
  }

  private cards(where: SQL | undefined) {
    return this.db
      .select(cardColumns)
      .from(business)
      .leftJoin(generalIndustry, eq(generalIndustry.id, business.industryId))
      .leftJoin(businessPackage, eq(businessPackage.businessId, business.id))
      .where(where)
      .groupBy(business.id, generalIndustry.name)
      .$dynamic();
  }
}

import type { LookupItem } from '@juqi/contract';
import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import type { Executor } from '../../lib/db/client';
import { containing } from '../../lib/db/like';
import { business } from './table';

/** The businesses as a record-picking field's lookup names and finds them (the field type `business`). */
export class BusinessRepository {
  constructor(private readonly db: Executor) {}

  /** Businesses on sale whose name holds the keyword, in 业务设置's order. */
  async matching(keyword: string | undefined, limit: number, tx: Executor = this.db): Promise<LookupItem[]> {
    return tx
      .select({ id: business.id, name: business.name })
      .from(business)
      .where(and(eq(business.enabled, true), keyword ? ilike(business.name, containing(keyword)) : undefined))
      .orderBy(asc(business.sort), asc(business.id))
      .limit(limit);
  }

  /** The businesses of these ids, those off sale included: a package or an order still names its business. */
  async named(ids: readonly number[], tx: Executor = this.db): Promise<LookupItem[]> {
    if (!ids.length) return [];
    return tx.select({ id: business.id, name: business.name }).from(business).where(inArray(business.id, [...ids]));
  }
}

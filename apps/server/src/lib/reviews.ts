import type { Locale, ReviewItem, ReviewKind } from '@juqi/contract';
import type { Executor } from './db/client';
import { holdsOperation, type GrantsDirectory, type Principal } from './http/types';
import { accountsOfSamePerson } from './people';

/**
 * A kind of two-person step a module keeps (docs/approvals.md › Reviews): a record one person started that waits for
 * another holding an operation (a pending adjustment, an approved withdrawal to pay out…).
 */
export interface ReviewSource {
  kind: ReviewKind;
  /** The operation the second person holds to decide one: staff without it are not asked. */
  operation: string;
  /**
   * What of this kind waits for the staff (who holds the operation), oldest first: how many, and the first `limit`.
   * What their own person started is left out: nobody decides their own.
   */
  waitingFor(staffId: number, limit: number, locale: Locale): Promise<{ count: number; items: ReviewItem[] }>;
}

/**
 * The review sources, filled by the modules keeping two-person steps as they register; the approval module answers
 * the to-dos from them (`review_list`). Made before any module, so the order modules load in does not matter.
 */
export class ReviewRegistry {
  private readonly sources = new Map<ReviewKind, ReviewSource>();

  provide(source: ReviewSource): void {
    if (this.sources.has(source.kind)) throw new Error(`the ${source.kind} reviews are provided twice`);
    this.sources.set(source.kind, source);
  }

  /** A page of every step waiting for the staff, across the sources whose operation they hold, oldest first. */
  async waitingFor(principal: Pick<Principal, 'staffId' | 'operations'>, page: number, limit: number, locale: Locale): Promise<{ count: number; data: ReviewItem[] }> {
    const held = [...this.sources.values()].filter((source) => holdsOperation(principal, source.operation));
    // Each source's oldest up to the end of the page: the page of the merged list is among them.
    const answers = await Promise.all(held.map((source) => source.waitingFor(principal.staffId, page * limit, locale)));
    const merged = answers.flatMap((answer) => answer.items).sort((a, b) => Date.parse(a.waiting_since) - Date.parse(b.waiting_since));
    return { count: answers.reduce((sum, answer) => sum + answer.count, 0), data: merged.slice((page - 1) * limit, page * limit) };
  }
}

/**
 * Who may decide a step: the active holders of its operation, but the person who started it (none of their accounts
 * sharing a person key, lib/people.ts); every holder when nobody is recorded as its starter.
 */
export async function decidersOf(db: Executor, grants: GrantsDirectory, operation: string, starterId: number | null): Promise<number[]> {
  const holders = await grants.holdersOf(operation);
  if (starterId === null) return holders;
  const starter = new Set(await accountsOfSamePerson(db, starterId, holders));
  return holders.filter((id) => !starter.has(id));
}

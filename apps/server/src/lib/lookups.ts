import type { LookupItem, LookupKind } from '@juqi/contract';
import type { Executor } from './db/client';

/** Where the records of one lookup come from: provided by the module that owns them (docs/field-types.md › Record pickers). */
export interface LookupSource {
  /** Up to `limit` records one may pick now, matching the keyword (all, in the source's order, when there is none). */
  search(keyword: string | undefined, limit: number): Promise<LookupItem[]>;
  /**
   * The records of these ids that exist, whatever their state, in any order: what the server names and checks picked
   * ids by. Pass the caller's transaction when one is open (PGlite).
   */
  named(ids: readonly number[], tx?: Executor): Promise<LookupItem[]>;
  /**
   * The records of these ids a picker may show by name, when that is fewer than `named` (staff: never a deleted record
   * nor a candidate); unset, a picker shows what `named` finds.
   */
  shown?(ids: readonly number[]): Promise<LookupItem[]>;
}

/**
 * The lookups record-picking fields read: filled by the owning modules as they register (staff, industry…), read by
 * the field module to answer pickers and check picked ids. Made before any module, so the order modules load in does
 * not matter.
 */
export class LookupRegistry {
  private readonly sources = new Map<LookupKind, LookupSource>();

  provide(kind: LookupKind, source: LookupSource): void {
    if (this.sources.has(kind)) throw new Error(`the ${kind} lookup is provided twice`);
    this.sources.set(kind, source);
  }

  /** The kind's source; undefined while no module provides it. */
  sourceOf(kind: LookupKind): LookupSource | undefined {
    return this.sources.get(kind);
  }

  /** The names of the records of these ids that exist, by id: empty when there are none or no module provides the kind. */
  async namesOf(kind: LookupKind, ids: Iterable<number>, tx?: Executor): Promise<Map<number, string>> {
    const distinct = [...new Set(ids)];
    const source = this.sources.get(kind);
    if (!source || !distinct.length) return new Map();
    return new Map((await source.named(distinct, tx)).map((item) => [item.id, item.name]));
  }
}

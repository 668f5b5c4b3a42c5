import type { Clock } from '../../lib/clock';
import type { Cursor } from './cursor';

/** Where pages by number start, as a list remembers it: the position of the row before the page, and since when. */
export interface PageStart {
  cursor: Cursor;
  /** When the rows that placed it were read: a start found from another start keeps the first one's time. */
  at: number;
  /** The cache's generation it belongs to: a start read before a write is not kept after it. */
  generation: number;
}

/**
 * The starts of pages by number. A page by number reads by offset, and at 1,000,000 users the database reads every
 * row it skips (page 50: 980 index entries before the 21 it answers). Once a page has been answered, the last row's
 * position is where the next page starts: remembered here, page n + 1 (or any page that starts at that row, whatever
 * its size) reads by keyset instead, as cheaply as page 1.
 *
 * A start is trusted for `ttlMs` (the counts' life) from when the rows that placed it were read; writes in this
 * process that move users between filters clear them all, as they clear the counts. Within that time, rows added or
 * removed before a page by another process do not shift it: it shows what that offset held when the start was read.
 * See docs/users.md.
 */
export class PageStarts {
  private readonly entries = new Map<string, PageStart>();
  private generation = 0;

  constructor(
    private readonly clock: Clock,
    readonly ttlMs = 30_000,
    private readonly maxEntries = 10_000,
  ) {}

  /** The start of the rows from `offset` on in `list` (a filter, sort and order), while it is fresh. */
  get(list: string, offset: number): PageStart | undefined {
    const key = `${list}@${offset}`;
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (this.clock.now().getTime() - hit.at < this.ttlMs) return hit;
    this.entries.delete(key);
    return undefined;
  }

  /** A reading's time and generation, taken before the rows are read. */
  now(): Omit<PageStart, 'cursor'> {
    return { at: this.clock.now().getTime(), generation: this.generation };
  }

  set(list: string, offset: number, start: PageStart): void {
    if (start.generation !== this.generation) return;
    const key = `${list}@${offset}`;
    this.entries.delete(key);
    this.entries.set(key, start);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
    this.generation++;
  }
}

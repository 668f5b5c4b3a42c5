import type { Clock } from './clock';

interface Entry<T> {
  /** The figure as first asked for: callers that arrive before it is known share this one query. */
  value: Promise<T>;
  /** When the query behind `value` started. */
  at: number;
  /** The figure, once known. */
  known?: T;
  refreshing?: boolean;
}

/**
 * Exact figures of a filter — a list's count, or its count and sums — computed once and then kept. A list asks for its
 * count on every page; at 1,000,000 rows a count(*) or a sum can cost a scan (up to a few hundred milliseconds), so only
 * the first page of a filter waits for it; the following pages, and other staff with the same filter, reuse it.
 * Concurrent askers share one query.
 *
 * A figure older than `ttlMs` is still answered at once while one query in the background replaces it, so no page
 * waits for a recount; one older than `maxStaleMs` (a filter nobody used for a while) is recomputed before it is
 * answered. Writes in this process that change the figures (a user locked, an order moved) clear the cache at once;
 * other processes' writes show within `ttlMs` plus one query. See docs/users.md.
 */
export class FigureCache<T = number> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly clock: Clock,
    readonly ttlMs = 30_000,
    readonly maxStaleMs = 600_000,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const now = this.clock.now().getTime();
    const hit = this.entries.get(key);
    if (hit) {
      const age = now - hit.at;
      if (age < this.ttlMs) return hit.value;
      if (hit.known !== undefined && age < this.maxStaleMs) {
        if (!hit.refreshing) this.refresh(key, hit, compute, now);
        return hit.value;
      }
    }
    return this.start(key, compute, now).value;
  }

  clear(): void {
    this.entries.clear();
  }

  private start(key: string, compute: () => Promise<T>, now: number): Entry<T> {
    const entry: Entry<T> = { value: compute(), at: now };
    entry.value.then(
      (n) => (entry.known = n),
      // A failed count is not kept.
      () => this.entries.get(key) === entry && this.entries.delete(key),
    );
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }

  /** Replaces a known count with a new one when that is ready; until then (or if it fails) the old one is answered. */
  private refresh(key: string, stale: Entry<T>, compute: () => Promise<T>, now: number): void {
    stale.refreshing = true;
    compute().then(
      (n) => {
        // Cleared meanwhile (a write): the entry is gone and this count may predate the write.
        if (this.entries.get(key) !== stale) return;
        this.entries.set(key, { value: Promise.resolve(n), at: now, known: n });
      },
      () => (stale.refreshing = false),
    );
  }
}

/** The same filter always gives the same key: keys sorted, absent fields dropped. */
export function filterKey(scope: string, filter: object): string {
  const entries = Object.entries(filter)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${scope}:${JSON.stringify(entries)}`;
}

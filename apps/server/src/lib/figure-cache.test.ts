import { describe, expect, it } from 'vitest';
import { FigureCache, filterKey } from './figure-cache';

/** Lets the callbacks of queries that just answered run. */
const settle = () => new Promise((r) => setTimeout(r, 0));

/** A clock the test moves, and a count query that answers when the test says so. */
function setUp() {
  let now = 1_000_000;
  const clock = { now: () => new Date(now) };
  const cache = new FigureCache(clock, 30_000, 600_000);
  const queries: { resolve: (n: number) => void; reject: (e: Error) => void }[] = [];
  const compute = () => new Promise<number>((resolve, reject) => queries.push({ resolve, reject }));
  return { cache, compute, queries, advance: (ms: number) => (now += ms) };
}

describe('the count cache', () => {
  it('counts a filter once: later pages and concurrent askers share the one query', async () => {
    const { cache, compute, queries, advance } = setUp();
    const first = cache.get('k', compute);
    const concurrent = cache.get('k', compute);
    expect(queries).toHaveLength(1);
    queries[0]!.resolve(42);
    expect(await first).toBe(42);
    expect(await concurrent).toBe(42);
    advance(29_000);
    expect(await cache.get('k', compute)).toBe(42);
    expect(queries).toHaveLength(1);
  });

  it('answers an expired count at once and replaces it with one background recount', async () => {
    const { cache, compute, queries, advance } = setUp();
    const first = cache.get('k', compute);
    queries[0]!.resolve(42);
    await first;
    advance(31_000);
    expect(await cache.get('k', compute)).toBe(42);
    expect(await cache.get('k', compute)).toBe(42);
    expect(queries).toHaveLength(2);
    queries[1]!.resolve(43);
    await settle();
    expect(await cache.get('k', compute)).toBe(43);
    advance(29_000);
    expect(await cache.get('k', compute)).toBe(43);
    expect(queries).toHaveLength(2);
  });

  it('keeps the old count when a recount fails, and tries again on the next ask', async () => {
    const { cache, compute, queries, advance } = setUp();
    const first = cache.get('k', compute);
    queries[0]!.resolve(42);
    await first;
    advance(31_000);
    expect(await cache.get('k', compute)).toBe(42);
    queries[1]!.reject(new Error('connection lost'));
    await settle();
    expect(await cache.get('k', compute)).toBe(42);
    expect(queries).toHaveLength(3);
  });

  it('waits for a fresh count when the kept one is older than the stale limit', async () => {
    const { cache, compute, queries, advance } = setUp();
    const first = cache.get('k', compute);
    queries[0]!.resolve(42);
    await first;
    advance(600_000);
    const fresh = cache.get('k', compute);
    queries[1]!.resolve(7);
    expect(await fresh).toBe(7);
  });

  it('forgets everything on clear, and a recount that started before it is not kept', async () => {
    const { cache, compute, queries, advance } = setUp();
    const first = cache.get('k', compute);
    queries[0]!.resolve(42);
    await first;
    advance(31_000);
    await cache.get('k', compute);
    cache.clear();
    queries[1]!.resolve(41);
    await settle();
    const after = cache.get('k', compute);
    expect(queries).toHaveLength(3);
    queries[2]!.resolve(40);
    expect(await after).toBe(40);
  });

  it('does not keep a failed first count', async () => {
    const { cache, compute, queries } = setUp();
    const first = cache.get('k', compute);
    queries[0]!.reject(new Error('timeout'));
    await expect(first).rejects.toThrow('timeout');
    const second = cache.get('k', compute);
    queries[1]!.resolve(5);
    expect(await second).toBe(5);
  });

  it('gives equal filters the same key whatever the order or empty fields', () => {
    expect(filterKey('users', { type_user: 1, quantity: 3 })).toBe(filterKey('users', { quantity: 3, keyword: '', type_user: 1, level: undefined }));
    expect(filterKey('users', { type_user: 1 })).not.toBe(filterKey('logins', { type_user: 1 }));
  });
});

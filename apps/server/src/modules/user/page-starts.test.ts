import { describe, expect, it } from 'vitest';
import { PageStarts } from './page-starts';

/** A position in a list: only its value tells these apart. */
const at = (value: string) => ({ sort: 'registered_at', order: 'desc' as const, value, id: 1 });

/** Page starts with a clock the test moves, keeping at most three. */
function setUp() {
  let now = 1_000_000;
  const starts = new PageStarts({ now: () => new Date(now) }, 30_000, 3);
  return { starts, advance: (ms: number) => (now += ms) };
}

describe('page starts', () => {
  it('are kept for 30 seconds from the reading that placed them, also when found from an earlier start', () => {
    const { starts, advance } = setUp();
    starts.set('list', 20, { ...starts.now(), cursor: at('a') });
    advance(20_000);
    const second = starts.get('list', 20)!;
    expect(second.cursor).toEqual(at('a'));
    // Page 2 read from that start places page 3's: it is as old as the reading of page 1.
    starts.set('list', 40, { ...second, cursor: at('b') });
    expect(starts.get('list', 40)?.cursor).toEqual(at('b'));
    advance(10_000);
    expect(starts.get('list', 20)).toBeUndefined();
    expect(starts.get('list', 40)).toBeUndefined();
  });

  it('belong to one list and one offset', () => {
    const { starts } = setUp();
    starts.set('list', 20, { ...starts.now(), cursor: at('a') });
    expect(starts.get('other', 20)).toBeUndefined();
    expect(starts.get('list', 40)).toBeUndefined();
  });

  it('are forgotten on clear, and a reading taken before the clear is not kept after it', () => {
    const { starts } = setUp();
    const before = starts.now();
    starts.set('list', 20, { ...before, cursor: at('a') });
    starts.clear();
    expect(starts.get('list', 20)).toBeUndefined();
    starts.set('list', 40, { ...before, cursor: at('b') });
    expect(starts.get('list', 40)).toBeUndefined();
    starts.set('list', 40, { ...starts.now(), cursor: at('c') });
    expect(starts.get('list', 40)?.cursor).toEqual(at('c'));
  });

  it('keep at most their limit, the oldest set going first', () => {
    const { starts } = setUp();
    for (const offset of [20, 40, 60, 80]) starts.set('list', offset, { ...starts.now(), cursor: at(String(offset)) });
    expect(starts.get('list', 20)).toBeUndefined();
    expect([40, 60, 80].map((o) => starts.get('list', o)?.cursor.value)).toEqual(['40', '60', '80']);
  });
});

import { describe, expect, it } from 'vitest';
import { withOnePinnedColumn } from './narrow-screen';

const pins = (columns: { key: string; fixed?: 'left' | 'right' | 'start' | 'end' | boolean }[]) => withOnePinnedColumn(columns).map((c) => c.fixed);

describe('withOnePinnedColumn', () => {
  it('keeps the actions pinned to the end, and lets the columns pinned to the start scroll', () => {
    expect(pins([{ key: 'id', fixed: 'left' }, { key: 'user', fixed: 'left' }, { key: 'mobile' }, { key: 'actions', fixed: 'right' }])).toEqual([
      undefined,
      undefined,
      undefined,
      'right',
    ]);
  });

  it('without a column at the end keeps the first one pinned to the start', () => {
    expect(pins([{ key: 'id', fixed: true }, { key: 'user', fixed: 'start' }, { key: 'mobile' }])).toEqual([true, undefined, undefined]);
  });

  it('leaves a table without pinned columns as it is', () => {
    expect(pins([{ key: 'id' }, { key: 'mobile' }])).toEqual([undefined, undefined]);
  });
});

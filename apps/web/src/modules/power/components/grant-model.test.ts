import { describe, expect, it } from 'vitest';
import { catalogueFixture } from '../testing';
import { boxStates, clickChecks, indexCatalogue, menuHeight, toggleGrant } from './grant-model';

const index = indexCatalogue(catalogueFixture);
const all = new Set(index.order);
const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

describe('grant model', () => {
  it('checking an entry grants it, everything under it and the menus above it', () => {
    expect(sorted(toggleGrant(index, new Set(), all, 5, true))).toEqual([1, 5, 6, 7]);
    // An operation brings its page and section along: it is no use without them.
    expect(sorted(toggleGrant(index, new Set(), all, 4, true))).toEqual([1, 2, 4]);
  });

  it('unchecking revokes the subtree and a group left empty, but keeps a page when its last operation goes', () => {
    expect(sorted(toggleGrant(index, new Set([1, 2, 3]), all, 3, false))).toEqual([1, 2]);
    expect(sorted(toggleGrant(index, new Set([1, 5, 6, 7]), all, 6, false))).toEqual([]);
    expect(sorted(toggleGrant(index, new Set([1, 2, 5, 6, 7]), all, 6, false))).toEqual([1, 2]);
    expect(sorted(toggleGrant(index, new Set([1, 2, 5, 6]), all, 5, false))).toEqual([1, 2]);
    expect(sorted(toggleGrant(index, new Set([8, 9]), all, 9, false))).toEqual([]);
  });

  it('never changes entries the caller may not grant', () => {
    const grantable = new Set([1, 2, 3, 5, 6, 7]);
    expect(sorted(toggleGrant(index, new Set(), grantable, 2, true))).toEqual([1, 2, 3]);
    expect(sorted(toggleGrant(index, new Set([1, 2, 3, 4]), grantable, 2, false))).toEqual([1, 4]);
    // Everything grantable under 设置 is on: the click unchecks, though 4 (not grantable) is off.
    expect(clickChecks(index, new Set([1, 2, 3, 5, 6, 7]), grantable, 1)).toBe(false);
  });

  it('shows a box checked when all below is granted and half-checked when part is', () => {
    expect(boxStates(index, new Set([1, 2, 3]), all)).toEqual({ checked: [3], halfChecked: [1, 2] });
    expect(boxStates(index, new Set([8, 9]), all)).toEqual({ checked: [8, 9], halfChecked: [] });
    // A page granted without its operations is a state of its own: half-checked, not lost.
    expect(boxStates(index, new Set([2]), all).halfChecked).toEqual([1, 2]);
  });

  it('measures menu levels', () => {
    expect(menuHeight(catalogueFixture[0]!)).toBe(3);
    expect(menuHeight(catalogueFixture[1]!)).toBe(2);
  });
});

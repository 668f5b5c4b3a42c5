import { describe, expect, it } from 'vitest';
import { NamedStatements } from './named-statements';

describe('named statements', () => {
  it('give one text one name, and different texts different names', () => {
    const family = new NamedStatements('page');
    const first = family.nameOf('select 1 where a = $1');
    expect(first).toBe('page_1');
    expect(family.nameOf('select 1 where b = $1')).toBe('page_2');
    expect(family.nameOf('select 1 where a = $1')).toBe(first);
  });

  it('name no more texts than the limit; the rest run unnamed, the named ones keep their names', () => {
    const family = new NamedStatements('page', 2);
    expect([family.nameOf('a'), family.nameOf('b'), family.nameOf('c'), family.nameOf('a')]).toEqual(['page_1', 'page_2', undefined, 'page_1']);
  });
});

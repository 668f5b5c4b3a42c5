import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { NamedStatements, renderedOnce, valueBlindFilters } from './named-statements';
import { users } from './schema';

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

  it('render a fragment without bound values once, to the text Drizzle gives it; one binding values is refused', () => {
    const columns = sql.join([sql`${users.id}`, sql.raw('name'), sql`(select 1 from ${users} u where u.id = ${users.id}) as one`], sql`, `);
    const once = renderedOnce(columns);
    const dialect = new PgDialect();
    const statement = (list: typeof columns) => dialect.sqlToQuery(sql`select ${list} from ${users} where ${users.id} = ${7}`);
    expect(statement(once)).toEqual(statement(columns));
    expect(() => renderedOnce(sql`${users.id} = ${7}`)).toThrow(/binds values/);
  });

  it('tell a filter of value-blind filters alone, empty ones counting as none, from one with any other', () => {
    const blind = valueBlindFilters<{ type?: number; band?: number; keyword?: string | null }>(['type', 'band']);
    expect([blind({}), blind({ type: 1 }), blind({ type: 1, band: 2 }), blind({ type: 1, keyword: '' }), blind({ keyword: null })]).toEqual([true, true, true, true, true]);
    expect(blind({ type: 1, keyword: '138' })).toBe(false);
  });
});

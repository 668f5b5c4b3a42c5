import { userCalls } from '@juqi/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserDbRow } from '../src/lib/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, invoke, invokeUnchecked, ok, signInAsAdmin } from './helpers/auth';
import { firstRowOnEveryConnection, testEngine } from './helpers/database';
import { allUsers, generate, readAll } from './helpers/users';

let t: TestApp;
let admin: string;
let all: UserDbRow[];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  await generate(t, 300);
  all = await allUsers(t);
});
afterAll(() => t?.close());

const newestFirst = (a: UserDbRow, b: UserDbRow) => b.registeredAt.getTime() - a.registeredAt.getTime() || b.id - a.id;

describe('the user-select drawer', () => {
  it('scrolls the filtered users in keyset pages of 20 until an empty next page', async () => {
    const first = await ok(t, userCalls.selectList, { type_user: 2 }, admin);
    expect(first.data).toHaveLength(20);
    expect(Object.keys(first.data[0]!).sort()).toEqual(['authentication_state', 'head_img_url', 'id', 'level', 'mobile', 'name', 'type_user']);
    const rows = await readAll((cursor) => ok(t, userCalls.selectList, { type_user: 2, ...(cursor ? { cursor } : {}) }, admin));
    const want = all.filter((u) => u.typeUser === 2).sort(newestFirst).map((u) => u.id);
    expect(rows.map((r) => r.id)).toEqual(want);
    expect(first.count).toBe(want.length);
  });

  it('confirms a selection of ids: deduplicated, unknown ids dropped', async () => {
    const [a, b] = [all[0]!.id, all[1]!.id];
    const res = await ok(t, userCalls.select, { selection: { mode: 'ids', ids: [b, a, a, 99_999_999] } }, admin);
    expect(res).toEqual({ count: 2, selection: { mode: 'ids', ids: [a, b].sort((x, y) => x - y) } });
    expect(await invoke(t, userCalls.select, { selection: { mode: 'ids', ids: [99_999_999] } }, admin)).toMatchObject({
      code: 40000,
      data: { field: 'selection.ids' },
    });
  });

  it('selects everyone matching a filter as the filter itself, minus unticked users', async () => {
    const matching = all.filter((u) => u.typeUser === 1).sort(newestFirst);
    const outside = all.find((u) => u.typeUser === 2)!;
    const unticked = [matching[0]!.id, matching[3]!.id, outside.id];
    const res = await ok(t, userCalls.select, { selection: { mode: 'filter', filter: { type_user: 1, keyword: '' }, exclude_ids: unticked } }, admin);
    expect(res.count).toBe(matching.length - 2);
    expect(res.selection).toEqual({ mode: 'filter', filter: { type_user: 1 }, exclude_ids: [matching[0]!.id, matching[3]!.id].sort((x, y) => x - y) });

    const checked = await readAll((cursor) =>
      ok(t, userCalls.checkedList, { selection: res.selection, limit: 17, ...(cursor ? { cursor } : {}) }, admin),
    );
    expect(checked.map((r) => r.id)).toEqual(matching.filter((u) => !unticked.includes(u.id)).map((u) => u.id));
    const page = await ok(t, userCalls.checkedList, { selection: res.selection }, admin);
    expect(page.count).toBe(matching.length - 2);
  });

  it('pages the users of an id selection, highest id first', async () => {
    const picked = all.slice(10, 45).map((u) => u.id);
    const checked = await readAll((cursor) =>
      ok(t, userCalls.checkedList, { selection: { mode: 'ids', ids: picked }, ...(cursor ? { cursor } : {}) }, admin),
    );
    expect(checked.map((r) => r.id)).toEqual([...picked].sort((a, b) => b - a));
    const none = await ok(t, userCalls.checkedList, { selection: { mode: 'ids', ids: [99_999_999] } }, admin);
    expect(none).toEqual({ count: 0, data: [], next_cursor: null });
  });

  it('refuses a malformed selection with 40000 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ selection: { mode: 'everyone' } }, 'selection.mode'],
      [{ selection: { mode: 'ids', ids: [] } }, 'selection.ids'],
      [{ selection: { mode: 'ids', ids: ['x'] } }, 'selection.ids.0'],
      [{ selection: { mode: 'filter', filter: { quantity: 8 } } }, 'selection.filter.quantity'],
      [{}, 'selection'],
    ];
    for (const [body, field] of cases) expect(await invokeUnchecked(t, userCalls.select, body, admin)).toMatchObject({ code: 40000, data: { field } });
    expect(await invoke(t, userCalls.selectList, { limit: 101 }, admin)).toMatchObject({ code: 40000, data: { field: 'limit' } });
  });

  it('keeps each drawer call behind its own operation', async () => {
    const { token } = await createStaffWith(t, ['user.select.list', 'user.options']);
    expect((await invoke(t, userCalls.selectList, {}, token)).code).toBe(20000);
    expect((await invoke(t, userCalls.selectSearchList, {}, token)).code).toBe(20000);
    expect((await invoke(t, userCalls.select, { selection: { mode: 'ids', ids: [1] } }, token)).code).toBe(40300);
    expect((await invoke(t, userCalls.checkedList, { selection: { mode: 'ids', ids: [1] } }, token)).code).toBe(40300);
  });
});

describe.runIf(testEngine === 'postgres')('the drawer statements on PostgreSQL', () => {
  it('prepare one page statement for id selections of every length, and one for exclusions', async () => {
    const ids = all.map((u) => u.id);
    for (let n = 1; n <= 12; n++) {
      expect((await ok(t, userCalls.checkedList, { selection: { mode: 'ids', ids: ids.slice(0, n) } }, admin)).count).toBe(n);
      const selection = { mode: 'filter' as const, filter: { type_user: 2 }, exclude_ids: ids.slice(0, n) };
      expect((await invoke(t, userCalls.checkedList, { selection }, admin)).code).toBe(20000);
    }
    const rows = await firstRowOnEveryConnection<{ texts: string[] }>(
      t.database,
      sql`select array(select statement from pg_prepared_statements where name like 'user_page_%') as texts`,
    );
    // One text per page size too, which is written into it (lib/db/named-statements.ts › sqlInteger).
    const texts = new Set(rows.flatMap((r) => r.texts).map((text) => text.replace(/ limit \d+/g, ' limit n')));
    // First pages only: pages after a cursor (` < `, earlier in this file) are one more text each.
    const firstPages = [...texts].filter((text) => !text.includes(' < '));
    expect(firstPages.filter((text) => text.includes('= any('))).toHaveLength(1);
    expect(firstPages.filter((text) => text.includes('<> all('))).toHaveLength(1);
  });
});

import { orderCalls, userCalls, type CallBody } from '@juqi/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app';
import { ok, signInAsAdmin } from './helpers/auth';
import { firstRowOnEveryConnection, testEngine } from './helpers/database';
import { generate } from './helpers/users';

/**
 * How the hot lists' page statements are planned on PostgreSQL (lib/db/named-statements.ts): a page whose filters read
 * the same way whatever their values is prepared by name and settles on a generic plan; a page with any other filter
 * runs unnamed, planned for its values every time.
 */
describe.runIf(testEngine === 'postgres')('page statements on PostgreSQL', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAsAdmin(t);
    // Enough users for the planner to prefer an index over reading the table, as it does at scale.
    await generate(t, 20_000);
    await t.database.db.execute(sql`analyze users`);
  });
  afterAll(() => t?.close());

  interface Prepared {
    name: string;
    text: string;
    generic: number;
  }
  /** The named statements of a family on every connection of the app's pool. */
  async function prepared(family: string): Promise<Prepared[]> {
    const rows = await firstRowOnEveryConnection<{ mode: string; statements: Prepared[] }>(
      t.database,
      sql`select current_setting('plan_cache_mode') as mode,
        coalesce((select json_agg(json_build_object('name', name, 'text', statement, 'generic', generic_plans))
          from pg_prepared_statements where name like ${`${family}_%`}), '[]') as statements`,
    );
    // PostgreSQL's own choice between plans, not one forced on every connection.
    expect(new Set(rows.map((r) => r.mode))).toEqual(new Set(['auto']));
    return rows.flatMap((r) => r.statements);
  }

  /** The plan PostgreSQL makes of `text` for any values, on a connection of its own. */
  async function genericPlanOf(text: string, values: unknown[]): Promise<string> {
    const client = new pg.Client({ connectionString: (t.database.client as pg.Pool).options.connectionString });
    await client.connect();
    try {
      await client.query('set plan_cache_mode = force_generic_plan');
      await client.query({ name: 'probe', text, values });
      const plan = await client.query(`explain (costs off) execute probe(${values.map((v) => (typeof v === 'number' ? v : `'${String(v)}'`)).join(', ')})`);
      return plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
    } finally {
      await client.end();
    }
  }

  type UserListBody = CallBody<typeof userCalls.lists>;
  const list = (body: CallBody<typeof orderCalls.orderList>) => ok(t, orderCalls.orderList, body, admin);
  const scroll = async (body: UserListBody, pages: number) => {
    let cursor: string | null = null;
    for (let page = 0; page < pages; page++) {
      const next: string | null = (await ok(t, userCalls.lists, { ...body, limit: 20, ...(cursor ? { cursor } : {}) }, admin)).next_cursor;
      cursor = next;
      if (!cursor) break;
    }
  };

  it('names the user list’s pages by type and order band, and PostgreSQL reads them on one generic plan of their index', async () => {
    // Thirty first pages and sixty after a cursor, spread over the pool's five connections: PostgreSQL plans a named
    // text for its values five times on a connection, then chooses.
    for (let round = 0; round < 3; round++)
      for (const type_user of [1, 2] as const) for (const quantity of [1, 2, 3, 4, 5] as const) await scroll({ type_user, quantity }, 3);
    const byTypeAndBand = (await prepared('user_page')).filter((s) => s.text.includes('"order_band" = $2'));
    expect(byTypeAndBand.length).toBeGreaterThan(0);
    expect(byTypeAndBand.some((s) => s.generic > 0)).toBe(true);
    const firstPage = byTypeAndBand.find((s) => !s.text.includes(' < '))!;
    const plan = await genericPlanOf(firstPage.text, [1, 3]);
    expect(plan).toMatch(/Index Scan Backward using users_type_band_registered_idx on users/);
    expect(plan).toContain('(type_user = $1) AND (order_band = $2)');
  });

  it('plans a user page with any other filter for its values: keyword, days, post, agency, level, verifying, locked', async () => {
    const perValue: UserListBody[] = [
      { keyword: '138' },
      { keyword: '王' },
      { time_quantum: ['2025-01-01', '2025-01-31'] },
      { pw_id: 1 },
      { agency_pw_id: 1 },
      { level: 2, type_user: 1 },
      { authentication_state: 1 },
      { locked: true },
    ];
    for (const body of perValue) for (let i = 0; i < 3; i++) await scroll(body, 1);
    const texts = (await prepared('user_page')).map((s) => s.text);
    for (const column of ['"mobile" like', '"name" like', '"registered_at" >=', '"pw_id" =', '"agency_pw_id" =', '"level" =', '"authentication_state" =', '"locked" ='])
      expect(texts.filter((text) => text.includes(column))).toEqual([]);
  });

  it('names 订单中心’s pages by state, business, agency, customer and region, and no others', async () => {
    await list({ state: 'paid', business_id: 1, limit: 20 });
    await list({ agency_id: 1, state: 'completed', limit: 20 });
    await list({ keyword: 'DD', limit: 20 });
    await list({ state: 'paid', created: ['2025-01-01', '2025-01-31'], limit: 20 });
    await list({ amount_min: 100, limit: 20 });
    const texts = (await prepared('order_page')).map((s) => s.text);
    expect(texts.some((text) => text.includes('"business_id" = $') && text.includes('"state" = $'))).toBe(true);
    expect(texts.some((text) => text.includes('"agency_id" = $'))).toBe(true);
    for (const column of ['like', '"created_at" >=', '"amount" >=']) expect(texts.filter((text) => text.includes(column))).toEqual([]);
  });
});

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { industryResource, userCalls } from '@juqi/contract';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openPglite, openPostgres, type Database } from '../src/lib/db/client';
import { buildTestApp, type TestApp } from './helpers/app';
import { ok, signInAsAdmin } from './helpers/auth';
import { testEngine } from './helpers/database';
import { adminClient, withDatabase } from './helpers/postgres-admin';
import { insertUser } from './helpers/users';

/** Users' city and industry: codes and ids into 通用设置, answered as names (docs/general-settings.md). */

const MIGRATION = '0013_general';
type Rows<T> = { rows: T[] };
const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as Rows<T>).rows;

/** A migrations folder holding only the migrations before `tag`: a database as it was before that migration. */
function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'juqi-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(index).toBeGreaterThan(0);
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  for (const entry of journal.entries.slice(0, index)) fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return folder;
}

/** An empty database of the engine under test, dropped on close. */
async function emptyDatabase(): Promise<Database> {
  if (testEngine === 'pglite') return openPglite();
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `juqi_migration_${randomBytes(6).toString('hex')}`;
  await adminClient(adminUrl, (c) => c.query(`create database ${name}`));
  const database = await openPostgres(withDatabase(adminUrl, name), 2);
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

describe('the migration of users’ free-text city and industry', () => {
  it('turns the names into city codes and industry ids, keeping what it cannot place in the audit log', async () => {
    const folder = migrationsBefore(MIGRATION);
    const database = await emptyDatabase();
    try {
      const migrateTo = (migrations: string) =>
        database.engine === 'pglite' ? migratePglite(database.db as never, { migrationsFolder: migrations }) : migratePg(database.db as never, { migrationsFolder: migrations });
      await migrateTo(folder);
      const before: [string, string, string, string][] = [
        ['广州用户', '广东', '广州', '餐饮美食'],
        ['北京用户', '北京', '北京', '教育培训'],
        ['吉林用户', '吉林', '吉林', ''],
        ['深圳用户', '', '深圳市', '餐饮美食'],
        ['恩施用户', '湖北', '恩施', '土特产'],
        ['远方用户', '火星', '奥林匹斯', '农业'],
        ['空白用户', '', '', ''],
      ];
      for (const [i, [name, province, city, industry]] of before.entries()) {
        await database.db.execute(sql`insert into users (name, mobile, invite_code, province, city, industry)
          values (${name}, ${`1390000000${i}`}, ${`M${i}`}, ${province}, ${city}, ${industry})`);
      }

      await database.migrate();

      const users = await rowsOf<{ name: string; city_code: string | null; industry: string | null; top: boolean | null }>(
        database,
        sql`select u.name, u.city_code, i.name as industry, case when i.id is not null then i.parent_id is null end as top from users u left join general_industry i on i.id = u.industry_id order by u.id`,
      );
      expect(users).toEqual([
        { name: '广州用户', city_code: '440100', industry: '餐饮美食', top: true },
        { name: '北京用户', city_code: '110000', industry: '教育培训', top: true },
        { name: '吉林用户', city_code: '220200', industry: null, top: null },
        { name: '深圳用户', city_code: '440300', industry: '餐饮美食', top: true },
        { name: '恩施用户', city_code: '422800', industry: '土特产', top: true },
        { name: '远方用户', city_code: null, industry: '农业', top: true },
        { name: '空白用户', city_code: null, industry: null, top: null },
      ]);
      // One industry per name.
      expect(await rowsOf<{ n: number }>(database, sql`select count(*)::int as n from general_industry`)).toEqual([{ n: 4 }]);
      // The place no city matched is kept, with the user it belonged to.
      const kept = await rowsOf<{ target: string; detail: unknown }>(database, sql`select target, detail from audit_log where action = 'user.city.unmatched'`);
      const [far] = await rowsOf<{ id: number }>(database, sql`select id from users where name = '远方用户'`);
      expect(kept).toEqual([{ target: `user:${far!.id}`, detail: { province: '火星', city: '奥林匹斯' } }]);
      // The free-text columns are gone.
      const columns = await rowsOf<{ column_name: string }>(
        database,
        sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'users' and column_name in ('province', 'city', 'industry', 'city_code', 'industry_id')`,
      );
      expect(columns.map((c) => c.column_name).sort()).toEqual(['city_code', 'industry_id']);
    } finally {
      await database.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
    // Runs every migration from an empty database: a minute or more on a busy machine.
  }, 240_000);
});

describe('users’ city and industry in the answers', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signInAsAdmin(t);
  });
  afterAll(() => t?.close());

  async function exportedRow(keyword: string) {
    const res = await t.app.inject({ method: 'POST', url: userCalls.export.path, payload: { keyword }, headers: { 'x-token': admin } });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const [header, row] = rows as [string[], unknown[]];
    return (name: string) => row[header.indexOf(name)] ?? '';
  }

  it('shows the names of the city, its province and the industry in the list, the detail and the export', async () => {
    const industries = (await ok(t, industryResource.calls.list, { keyword: '火锅' } as never, admin)) as { data: { id: number; name: string }[] };
    const hotpot = industries.data[0]!;
    const user = await insertUser(t, { name: '城市行业样例', cityCode: '510100', industryId: hotpot.id });
    const bare = await insertUser(t, { name: '无城市样例' });

    const listed = (await ok(t, userCalls.lists, { keyword: '城市行业样例' }, admin)).data[0]!;
    expect(listed).toMatchObject({ id: user.id, province: '四川省', city: '成都市', city_code: '510100', industry: '火锅', industry_id: hotpot.id });
    expect((await ok(t, userCalls.details, { id: user.id }, admin)).user).toMatchObject({ province: '四川省', city: '成都市', industry: '火锅' });
    expect((await ok(t, userCalls.lists, { keyword: '无城市样例' }, admin)).data[0]).toMatchObject({ id: bare.id, province: '', city: '', city_code: null, industry: '', industry_id: null });

    const cell = await exportedRow('城市行业样例');
    expect([cell('省份'), cell('城市'), cell('行业')]).toEqual(['四川省', '成都市', '火锅']);

    // The names are read when asked for: a renamed industry shows its new name at once.
    await ok(t, industryResource.calls.edit!, { id: hotpot.id, name: '川味火锅' }, admin);
    expect((await ok(t, userCalls.details, { id: user.id }, admin)).user.industry).toBe('川味火锅');
  });
});

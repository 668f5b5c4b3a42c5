import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyLevel, userLoginLog, userPost, users, userVerification, userVerificationAudit } from '../src/lib/db/schema';
import { DEMO_USERS, seedUsers } from '../src/modules/user/seed';
import { buildTestApp, type TestApp } from './helpers/app';
import { moneyOfUsers } from './helpers/users';

let t: TestApp;
const log = pino({ level: 'silent' });
const count = async (table: typeof users | typeof userVerification | typeof userVerificationAudit | typeof userLoginLog | typeof userPost) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

beforeAll(async () => {
  t = await buildTestApp({ demo: true });
});
afterAll(() => t?.close());

const check = async (query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

describe('the users seed', () => {
  it('starts a demo with a few thousand realistic users, their verifications and sign-ins', async () => {
    expect(await count(users)).toBe(DEMO_USERS);
    expect(await count(userPost)).toBe(15);
    expect((await t.database.db.select().from(agencyLevel)).map((l) => l.name)).toContain('钻石代理');
    const rows = await t.database.db.select().from(users);
    expect(rows.every((u) => /^1\d{10}$/.test(u.mobile))).toBe(true);
    expect(new Set(rows.map((u) => u.mobile)).size).toBe(rows.length);
    expect(rows.every((u) => /^[\u4e00-\u9fa5]{2,3}$/.test(u.name))).toBe(true);
    expect(new Set(rows.map((u) => u.cityCode)).size).toBeGreaterThan(20);
    expect(rows.every((u) => u.cityCode !== null && u.industryId !== null)).toBe(true);
    const agents = rows.filter((u) => u.typeUser === 1).length / rows.length;
    expect(agents).toBeGreaterThan(0.08);
    expect(agents).toBeLessThan(0.25);
    for (const band of [[1, 50], [50, 100], [100, 300], [300, 500], [500, 1e9]]) {
      expect(rows.some((u) => u.orderCount >= band[0]! && u.orderCount < band[1]!)).toBe(true);
    }
    expect(rows.every((u) => (u.orderCount > 0) === (u.lastOrderAt !== null))).toBe(true);
    // Their money is in the ledger: most have some, none has more frozen than their balance.
    const money = await moneyOfUsers(t);
    expect(money.size).toBeGreaterThan(rows.length / 2);
    expect([...money.values()].every((m) => Number.isInteger(m.balance) && m.frozen <= m.balance && m.beans >= 0)).toBe(true);
    expect(await count(userLoginLog)).toBeGreaterThan(DEMO_USERS);
  });

  it('keeps the generated facts consistent with each other', async () => {
    // A user's state follows their submissions.
    expect(await check(sql`select count(*)::int as n from users u where u.authentication_state = 2 and not exists (select 1 from user_verification v where v.user_id = u.id and v.state = 2)`)).toBe(0);
    expect(await check(sql`select count(*)::int as n from users u where u.authentication_state = 1 and not exists (select 1 from user_verification v where v.user_id = u.id and v.state = 1)`)).toBe(0);
    expect(await check(sql`select count(*)::int as n from users u where u.authentication_state = 0 and exists (select 1 from user_verification v where v.user_id = u.id and v.state <> 0)`)).toBe(0);
    expect(await check(sql`select count(*)::int as n from user_verification where state = 0 and reason = ''`)).toBe(0);
    // Every submission has its trail: a submit, and a decision unless still under review.
    expect(await count(userVerificationAudit)).toBe(
      await check(sql`select (count(*) + count(*) filter (where state <> 1))::int as n from user_verification`),
    );
    // The latest sign-in is the user's last sign-in.
    expect(await check(sql`select count(*)::int as n from users u where u.last_login_at is not null and u.last_login_at <> (select max(l.login_at) from user_login_log l where l.user_id = u.id)`)).toBe(0);
    expect(await check(sql`select count(*)::int as n from user_verification where jsonb_array_length(documents) < 1`)).toBe(0);
    // Every document a submission names is a stored picture that only the review serves.
    expect(
      await check(sql`select count(*)::int as n from user_verification v cross join lateral jsonb_array_elements(v.documents) d
        where not exists (select 1 from uploaded_file f where f.path = d->>'path' and f.scope = 'verification' and f.mime = 'image/png')`),
    ).toBe(0);
  });

  it('is idempotent, and grows to a size asked on the command line', async () => {
    const before = await Promise.all([users, userVerification, userLoginLog].map(count));
    await seedUsers({ db: t.database.db, log, demo: true });
    await seedUsers({ db: t.database.db, log, demo: false });
    await seedUsers({ db: t.database.db, log, demo: true, sizes: { users: 100 } });
    expect(await Promise.all([users, userVerification, userLoginLog].map(count))).toEqual(before);
    await seedUsers({ db: t.database.db, log, demo: false, sizes: { users: DEMO_USERS + 250 } });
    expect(await count(users)).toBe(DEMO_USERS + 250);
    const [next] = await t.database.db.insert(users).values({ name: '新用户', mobile: '17000000001', inviteCode: 'NEW1' }).returning();
    expect(next!.id).toBe(DEMO_USERS + 251);
  });
});

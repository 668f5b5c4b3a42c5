import { sql } from 'drizzle-orm';
import { agencyLevel, generalIndustry, ledgerOpeningImport, userPost, users, type NewUserDbRow, type UserDbRow } from '../../src/lib/db/schema';
import { generateUsers } from '../../src/modules/user/generator';
import { AGENCY_POSTS, SERVICE_POSTS } from '../../src/modules/user/seed';
import type { TestApp } from './app';

let serial = 0;

/** One user with plain defaults; each gets its own mobile and invitation code. */
export async function insertUser(t: TestApp, values: Partial<NewUserDbRow> = {}): Promise<UserDbRow> {
  serial += 1;
  const n = `${process.pid % 1000}`.padStart(3, '0') + `${serial}`.padStart(5, '0');
  const [row] = await t.database.db
    .insert(users)
    .values({ name: `测试用户${serial}`, mobile: `170${n}`, inviteCode: `T${n}`, registeredAt: new Date('2020-01-01T00:00:00Z'), ...values })
    .returning();
  return row!;
}

/** A user's money as the ledger keeps it (lib/ledger): balance, frozen and income in fen, and beans. */
export interface UserMoney {
  balance: number;
  frozen: number;
  income: number;
  beans: number;
}

/** Where an imported frozen amount's withdrawal pays out (defaults: Alipay, no account). */
type OpeningPayout = Pick<typeof ledgerOpeningImport.$inferInsert, 'payoutType' | 'accountName' | 'accountNo'>;

/** Gives users opening balances through the ledger's import (`ledger_open_balances`), as the migration and the seed do. */
export async function openBalances(t: TestApp, money: ({ userId: number } & Partial<UserMoney & OpeningPayout>)[]): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    await tx.insert(ledgerOpeningImport).values(money.map(({ userId, balance = 0, frozen = 0, income = 0, beans = 0, ...payout }) => ({ userId, balance, frozen, income, beans, ...payout })));
    await tx.execute(sql`select ledger_open_balances(now())`);
  });
}

/** Every user's money, read from their ledger accounts (users without accounts have none). */
export async function moneyOfUsers(t: TestApp): Promise<Map<number, UserMoney>> {
  const result = (await t.database.db.execute(sql`
    select owner_id as "userId",
      coalesce(sum(credits_posted - debits_posted) filter (where kind = 'user_cash'), 0)::float8 as balance,
      coalesce(sum(debits_pending) filter (where kind = 'user_cash'), 0)::float8 as frozen,
      coalesce(sum(income_posted) filter (where kind = 'user_cash'), 0)::float8 as income,
      coalesce(sum(credits_posted - debits_posted) filter (where kind = 'user_beans'), 0)::float8 as beans
    from ledger_account where kind in ('user_cash', 'user_beans') group by owner_id`)) as unknown as { rows: ({ userId: number } & UserMoney)[] };
  return new Map(result.rows.map(({ userId, ...money }) => [userId, money]));
}

/** Generated users, as the seed makes them, for filters over varied data. */
export async function generate(t: TestApp, count: number): Promise<void> {
  const posts = await t.database.db.select().from(userPost);
  const levels = await t.database.db.select({ level: agencyLevel.level }).from(agencyLevel).orderBy(agencyLevel.level);
  const industries = await t.database.db.select({ id: generalIndustry.id }).from(generalIndustry);
  await generateUsers(t.database.db, count, {
    servicePostIds: posts.filter((p) => SERVICE_POSTS.includes(p.name)).map((p) => p.id),
    agencyPostIds: posts.filter((p) => AGENCY_POSTS.includes(p.name)).map((p) => p.id),
    industryIds: industries.map((i) => i.id),
    levels: levels.map((l) => l.level),
  });
}

export const allUsers = (t: TestApp) => t.database.db.select().from(users);

/** Reads every page of a keyset call by following next_cursor; `page` answers a page's data (see `ok`). */
export async function readAll<T>(page: (cursor?: string) => Promise<{ data: T[]; next_cursor: string | null }>): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 10_000; i++) {
    const res = await page(cursor);
    rows.push(...res.data);
    if (!res.next_cursor) return rows;
    cursor = res.next_cursor;
  }
  throw new Error('too many pages');
}

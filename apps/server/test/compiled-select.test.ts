import { asc, eq, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledSelect } from '../src/lib/db/compiled-select';
import type { Executor } from '../src/lib/db/client';
import { agency, users } from '../src/lib/db/schema';
import { seedAgencies } from '../src/modules/agency/seed';
import { buildTestApp, type TestApp } from './helpers/app';
import { insertUser } from './helpers/users';

/**
 * lib/db/compiled-select (what every record list reads its rows through) answers what Drizzle's own select answers:
 * whole tables as nested objects, a left-joined table's object null when it found no row, aliased tables, expressions
 * with and without a decoder, timestamps as dates, nulls kept.
 */
let t: TestApp;
const inviter = alias(users, 'inviter');
const columns = {
  user: users,
  agency,
  inviterName: inviter.name,
  named: { upper: sql<string>`upper(${users.inviteCode})`, registered: users.registeredAt },
  joined: sql<Date>`${users.registeredAt} + interval '1 day'`.mapWith(users.registeredAt),
  counted: sql<number>`length(${users.name})`.mapWith(Number).as('counted'),
};
const from = (db: Executor, fields: SelectedFields) =>
  db.select(fields).from(users).leftJoin(agency, eq(agency.userId, users.id)).leftJoin(inviter, eq(inviter.id, users.inviterId)).$dynamic();

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('a compiled select', () => {
  it('answers the rows Drizzle’s select answers, left joins that found nothing as null', async () => {
    const a = await insertUser(t, { typeUser: 1, name: '编译代理' });
    await seedAgencies({ db: t.database.db, log: pino({ level: 'silent' }), demo: false });
    const b = await insertUser(t, { name: '编译用户', inviterId: a.id });
    const where = sql`${users.id} in (${a.id}, ${b.id})`;
    const drizzle = await from(t.database.db, columns).where(where).orderBy(asc(users.id));
    const compiled = await new CompiledSelect<{ named: { registered: Date }; joined: Date }>(from, columns).rows(t.database.db, sql` where ${where} order by ${users.id}`);
    expect(compiled).toEqual(drizzle);
    expect(compiled).toHaveLength(2);
    expect(compiled[0]).toMatchObject({ agency: { userId: a.id }, inviterName: null, counted: 4 });
    expect(compiled[1]).toMatchObject({ agency: null, inviterName: '编译代理' });
    expect(compiled[1]!.named.registered).toBeInstanceOf(Date);
    expect(compiled[1]!.joined).toEqual(new Date(b.registeredAt.getTime() + 86_400_000));
  });

  it('reads inside a transaction through its executor; one compiled select serves query after query', async () => {
    const select = new CompiledSelect(from, columns);
    const rows = await t.database.db.transaction((tx) => select.rows(tx, sql` where ${users.id} = -1`));
    expect(rows).toEqual([]);
    expect(await select.rows(t.database.db, sql` order by ${users.id} limit ${1}`)).toHaveLength(1);
  });
});

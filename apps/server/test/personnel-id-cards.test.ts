import { maskIdCardNumber, personnelCalls, type StaffFindFilter } from '@juqi/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, personnelHistory, personnelStaff } from '../src/lib/db/schema';
import { demoIdCard } from '../src/modules/personnel/seed';
import { buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, expectError, expectOk, invoke, ok, signInAsAdmin, type Answer } from './helpers/auth';
import { ACTIVITY_COLUMNS, changedTables, JOURNAL_TABLES, snapshotDatabase } from './helpers/snapshot';

/**
 * Whole identity card numbers (docs/personnel.md › Identity card numbers): lists show the region and the last four
 * characters, so any answer that depends on whether a typed number is on file would give the birth date away. Only
 * holders of personnel.id_card.view search, match or write by the number, and every read of a whole one is audited.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.database.db.delete(personnelHistory);
  await t.database.db.delete(personnelStaff);
});

const snapshot = () => snapshotDatabase(t.database.db, { exceptTables: JOURNAL_TABLES, exceptColumns: ACTIVITY_COLUMNS });
let mobiles = 0;
const nextMobile = () => `136${String(10_000_000 + (mobiles += 1))}`;
const card = (sequence: number, birthDay = '1990-03-07') => demoIdCard('110105', birthDay, sequence);
const add = async (name: string, idCard: string | null = null) => (await ok(t, personnelCalls.add, { name, mobile: nextMobile(), id_card: idCard }, admin)).id;

async function findPage(filter: StaffFindFilter, token: string): Promise<Answer<typeof personnelCalls.findPage>> {
  return (await t.app.inject({ method: 'POST', url: `${personnelCalls.findPage.path}?pageNo=0&pageSize=20`, payload: filter, headers: { 'x-token': token } })).json();
}
const exportBy = (filter: StaffFindFilter, token: string) => t.app.inject({ method: 'POST', url: personnelCalls.export.path, payload: filter, headers: { 'x-token': token } });
const entriesOf = (staffId: number, actions: string[]) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.staffId, staffId), inArray(auditLog.action, actions)))
    .orderBy(auditLog.id);

describe('filtering by identity card', () => {
  it('is refused to a staff without personnel.id_card.view (40300 naming idCard, recorded), whether or not the number is on file, in findPage and the export', async () => {
    const number = card(11);
    await add('赵一', number);
    const clerk = await createStaffWith(t, ['personnel.view', 'personnel.export']);

    const before = await snapshot();
    // The number on file, one a digit off in the birth date, and a stranger's: one answer for all.
    const guesses = [number, card(11, '1990-03-08'), card(99, '1985-01-01')];
    for (const idCard of guesses) expect(expectError(await findPage({ idCard }, clerk.token), 40300)).toEqual({ field: 'idCard' });
    const exportAnswer = await exportBy({ idCard: number }, clerk.token);
    expect(exportAnswer.json()).toMatchObject({ code: 40300, data: { field: 'idCard' } });
    expect(changedTables(before, await snapshot())).toEqual([]);

    const refusals = await entriesOf(clerk.staffId, ['permission.denied', 'personnel.id_card.view', 'personnel.export']);
    expect(refusals.map((row) => [row.action, row.target, row.detail])).toEqual([
      ...guesses.map(() => ['permission.denied', 'POST /staff/findPage', { operation: 'personnel.id_card.view', field: 'idCard' }]),
      ['permission.denied', 'POST /api/personnel/staff_export', { operation: 'personnel.id_card.view', field: 'idCard' }],
    ]);
    // The rest of the filters stay theirs.
    expect(expectOk(await findPage({ name: '赵' }, clerk.token)).count).toBe(1);
  });

  it('finds the record for a holder, and audits each search with the record it names and the number masked', async () => {
    const number = card(12);
    const id = await add('钱二', number);
    const holder = await createStaffWith(t, ['personnel.view', 'personnel.export', 'personnel.id_card.view']);

    expect(expectOk(await findPage({ idCard: number.toLowerCase() }, holder.token)).data.map((row) => row.id)).toEqual([id]);
    const stranger = card(98, '1980-12-31');
    expect(expectOk(await findPage({ idCard: stranger }, holder.token)).count).toBe(0);
    expect((await exportBy({ idCard: number }, holder.token)).statusCode).toBe(200);

    const entries = await entriesOf(holder.staffId, ['personnel.id_card.view', 'personnel.export']);
    expect(entries.map((row) => [row.action, row.target, row.detail])).toEqual([
      ['personnel.id_card.view', `personnel:${id}`, { via: 'findPage', id_card: maskIdCardNumber(number) }],
      ['personnel.id_card.view', 'staff_records', { via: 'findPage', id_card: maskIdCardNumber(stranger) }],
      ['personnel.id_card.view', `personnel:${id}`, { via: 'staff_export', id_card: maskIdCardNumber(number) }],
      ['personnel.export', 'staff_records', expect.objectContaining({ filter: { idCard: maskIdCardNumber(number) }, rows: 1 })],
    ]);
    expect(JSON.stringify(entries)).not.toContain(number.slice(6, 14));
  });
});

describe('reading whole numbers', () => {
  it('audits every details answer holding a whole number, naming the reader and the record; masked answers and records without a number are not reads', async () => {
    const id = await add('孙三', card(13));
    const withoutCard = await add('李四');
    const holder = await createStaffWith(t, ['personnel.view', 'personnel.id_card.view']);
    const clerk = await createStaffWith(t, ['personnel.view']);

    expect((await ok(t, personnelCalls.details, { id }, holder.token)).id_card).toBe(card(13));
    await ok(t, personnelCalls.details, { id }, holder.token);
    expect((await ok(t, personnelCalls.details, { id }, clerk.token)).id_card_masked).toBe(true);
    await ok(t, personnelCalls.details, { id: withoutCard }, holder.token);

    const reads = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'personnel.id_card.view'), inArray(auditLog.staffId, [holder.staffId, clerk.staffId])));
    expect(reads.map((row) => [row.staffId, row.target, row.detail])).toEqual([
      [holder.staffId, `personnel:${id}`, { via: 'staff_details' }],
      [holder.staffId, `personnel:${id}`, { via: 'staff_details' }],
    ]);
  });
});

describe('writing identity cards', () => {
  it('refuses a whole number from a staff without personnel.id_card.view in add and edit (40300 naming id_card), whether or not it is on file, changing nothing', async () => {
    const number = card(14);
    const id = await add('周五', number);
    const withoutCard = await add('吴六');
    const clerk = await createStaffWith(t, ['personnel.view', 'personnel.edit']);

    const before = await snapshot();
    // A number on file answered 40900 (a clash) and any other one added a record: a yes/no answer per request.
    for (const idCard of [number, card(15)]) {
      expect(expectError(await invoke(t, personnelCalls.add, { name: '郑七', mobile: nextMobile(), id_card: idCard }, clerk.token), 40300)).toEqual({ field: 'id_card' });
      expect(expectError(await invoke(t, personnelCalls.edit, { id: withoutCard, id_card: idCard }, clerk.token), 40300)).toEqual({ field: 'id_card' });
      expect(expectError(await invoke(t, personnelCalls.edit, { id, id_card: idCard }, clerk.token), 40300)).toEqual({ field: 'id_card' });
    }
    // Clearing a number the clerk sees only masked is a write too.
    expect(expectError(await invoke(t, personnelCalls.edit, { id, id_card: null }, clerk.token), 40300)).toEqual({ field: 'id_card' });
    expect(changedTables(before, await snapshot())).toEqual([]);
    expect((await entriesOf(clerk.staffId, ['permission.denied'])).map((row) => row.detail)).toEqual(Array.from({ length: 7 }, () => ({ operation: 'personnel.id_card.view', field: 'id_card' })));

    // What the screen sends stays open: no number, or none for a record without one.
    await ok(t, personnelCalls.edit, { id, post: '会计' }, clerk.token);
    await ok(t, personnelCalls.edit, { id: withoutCard, id_card: null, post: '出纳' }, clerk.token);
    await ok(t, personnelCalls.add, { name: '王八', mobile: nextMobile(), id_card: null }, clerk.token);
    // A holder writes numbers as before.
    const holder = await createStaffWith(t, ['personnel.view', 'personnel.edit', 'personnel.id_card.view']);
    await ok(t, personnelCalls.edit, { id: withoutCard, id_card: card(16) }, holder.token);
    expect(expectError(await invoke(t, personnelCalls.add, { name: '冯九', mobile: nextMobile(), id_card: number }, holder.token), 40900)).toEqual({ field: 'id_card' });
  });
});

describe('the address book', () => {
  it('never searches by identity card: the search, the user list and the person lookup find nobody by a number or its birth date', async () => {
    const number = card(17);
    const id = await add('陈十', number);
    await ok(t, personnelCalls.status, { ids: [id], status: 'probation' }, admin);
    const signedIn = (await createStaffWith(t, [])).token;
    expect(await ok(t, personnelCalls.search, { keyword: '陈十' }, signedIn)).toHaveLength(1);
    // The person lookup /api/field/lookup answers record pickers from.
    const people = (keyword: string) => t.app.access.lookups.sourceOf('person')!.search(keyword, 20);
    expect(await people('陈十')).toHaveLength(1);
    for (const keyword of [number, number.slice(6, 14), number.slice(0, 6)]) {
      expect(await ok(t, personnelCalls.search, { keyword }, signedIn)).toEqual([]);
      expect((await ok(t, personnelCalls.userList, { keyword, page: 1, limit: 20 }, signedIn)).count).toBe(0);
      expect(await people(keyword)).toEqual([]);
    }
    expect(JSON.stringify(await ok(t, personnelCalls.userRead, { id }, signedIn))).not.toContain(number.slice(6, 14));
  });
});

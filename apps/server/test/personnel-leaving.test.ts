import { authCalls, DEFAULT_TIME_ZONE, dayInZone, instantInZone, personnelCalls } from '@juqi/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/lib/db/schema';
import { LEAVE_JOB } from '../src/modules/personnel/leaving';
import { buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, expectError, invoke, makeSign, ok, signInAsAdmin } from './helpers/auth';
import { ACTIVITY_COLUMNS, changedTables, JOURNAL_TABLES, snapshotDatabase } from './helpers/snapshot';

/** Linking staff records to sign-in accounts, the leaving date, and the job that ends a leaver's sign-in on it. */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
});
afterAll(() => t?.close());

const snapshot = () => snapshotDatabase(t.database.db, { exceptTables: JOURNAL_TABLES, exceptColumns: ACTIVITY_COLUMNS });
let mobiles = 0;
const add = async (name: string) => (await ok(t, personnelCalls.add, { name, status: 'regular', mobile: `137${String(10_000_000 + (mobiles += 1))}` }, admin)).id;
const link = (id: number, accountId: number | null, token = admin) => invoke(t, personnelCalls.linkAccount, { id, account_id: accountId }, token);
/** A day counted from today in the platform's zone (its default: no test here changes it). */
const dayFromToday = (days: number) => dayInZone(DEFAULT_TIME_ZONE, Date.now() + days * 86_400_000);
const runLeaveJob = () => t.app.jobs.runNow(LEAVE_JOB, {});

describe('linking a staff record to a sign-in account', () => {
  it('links under the grant ceiling, answers the account in the details, and keeps history and audit', async () => {
    const linker = await createStaffWith(t, ['personnel.view', 'personnel.link_account']);
    const account = await createStaffWith(t, ['personnel.view']);
    const id = await add('林一');

    await ok(t, personnelCalls.linkAccount, { id, account_id: account.staffId }, linker.token);
    const details = await ok(t, personnelCalls.details, { id }, admin);
    expect(details).toMatchObject({ account_id: account.staffId, account: { id: account.staffId, staff_num: account.staffNum, status: 'active' } });

    const [entry] = await ok(t, personnelCalls.history, { id }, admin);
    expect(entry).toMatchObject({ action: 'edit', from: { account_id: null }, to: { account_id: account.staffId }, staff_id: linker.staffId });
    const audited = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'personnel.link_account'), eq(auditLog.target, `personnel:${id}`)));
    expect(audited.map((row) => row.staffId)).toEqual([linker.staffId]);

    await ok(t, personnelCalls.linkAccount, { id, account_id: null }, linker.token);
    expect(await ok(t, personnelCalls.details, { id }, admin)).toMatchObject({ account_id: null, account: null });
  });

  it('refuses a linker lacking a grant of the account (40300, recorded), an unknown account (40000) and a taken one (40900), changing nothing', async () => {
    const linker = await createStaffWith(t, ['personnel.view', 'personnel.link_account']);
    const stronger = await createStaffWith(t, ['personnel.view', 'personnel.delete']);
    const account = await createStaffWith(t, []);
    const [first, second] = [await add('林二'), await add('林三')];
    await ok(t, personnelCalls.linkAccount, { id: first, account_id: account.staffId }, admin);

    const before = await snapshot();
    expectError(await link(second, stronger.staffId, linker.token), 40300);
    expect(expectError(await link(second, 999_999), 40000)).toEqual({ field: 'account_id' });
    expect(expectError(await link(second, account.staffId), 40900)).toEqual({ field: 'account_id' });
    // Moving the link away from an account granted more is refused as well.
    await ok(t, personnelCalls.linkAccount, { id: second, account_id: stronger.staffId }, admin);
    const linked = await snapshot();
    expectError(await link(second, null, linker.token), 40300);
    expect(changedTables(linked, await snapshot())).toEqual([]);
    expect(changedTables(before, linked)).toEqual(['personnel_history', 'personnel_staff']);
    const refusals = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'staff.refused'), eq(auditLog.staffId, linker.staffId)));
    expect(refusals.map((row) => row.detail)).toEqual([{ action: 'personnel.link_account' }, { action: 'personnel.link_account' }]);

    // A deleted record's account is free again.
    await ok(t, personnelCalls.deleteById, { id: first }, admin);
    await ok(t, personnelCalls.linkAccount, { id: second, account_id: account.staffId }, admin);
  });
});

describe('the leaving date', () => {
  it('is required to resign and may not have passed (40000 naming leaving_date), changing nothing', async () => {
    const id = await add('林四');
    const before = await snapshot();
    expect(expectError(await invoke(t, personnelCalls.status, { ids: [id], status: 'resigning' }, admin), 40000)).toEqual({ field: 'leaving_date' });
    expect(expectError(await invoke(t, personnelCalls.status, { ids: [id], status: 'resigning', leaving_date: dayFromToday(-1) }, admin), 40000)).toEqual({ field: 'leaving_date' });
    expect(expectError(await invoke(t, personnelCalls.status, { ids: [id], status: 'probation', leaving_date: dayFromToday(1) }, admin), 40000)).toEqual({ field: 'leaving_date' });
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('resigns records on their day by the job, ending the linked account’s sessions and sign-in; a later day waits; a second run changes nothing', async () => {
    const leaver = await createStaffWith(t, ['personnel.view']);
    const today = dayFromToday(0);
    const later = dayFromToday(10);
    const [due, waiting] = [await add('林五'), await add('林六')];
    await ok(t, personnelCalls.linkAccount, { id: due, account_id: leaver.staffId }, admin);
    await ok(t, personnelCalls.status, { ids: [due], status: 'resigning', leaving_date: today }, admin);
    await ok(t, personnelCalls.status, { ids: [waiting], status: 'resigning', leaving_date: later }, admin);

    // Each resignation left a job due at the first instant of its leaving date, in the platform's zone.
    const jobs = await t.database.db.execute(sql`select singleton_key, start_after from pgboss.job where name = ${LEAVE_JOB} order by start_after`);
    const stored = (jobs as unknown as { rows: { singleton_key: string; start_after: Date | string }[] }).rows;
    expect(stored.map((job) => [job.singleton_key, new Date(job.start_after).toISOString()])).toEqual(
      [today, later].map((day) => [day, instantInZone(day, DEFAULT_TIME_ZONE).toISOString()]),
    );

    expect((await invoke(t, authCalls.info, {}, leaver.token)).code).toBe(20000);
    await runLeaveJob();
    expect(await ok(t, personnelCalls.details, { id: due }, admin)).toMatchObject({ status: 'resigned', leaving_date: today, account: { status: 'disabled' } });
    expect((await ok(t, personnelCalls.details, { id: waiting }, admin)).status).toBe('resigning');
    const [entry] = await ok(t, personnelCalls.history, { id: due }, admin);
    expect(entry).toMatchObject({ action: 'status', from: { status: 'resigning' }, to: { status: 'resigned' }, staff_id: null, reason: `离职日期 ${today} 已到` });
    expectError(await invoke(t, authCalls.info, {}, leaver.token), 50008);
    const signIn = { staff_num: leaver.staffNum, user_pwd: leaver.password, sign: makeSign(t.clock.now().getTime()) };
    expectError(await invoke(t, authCalls.login, signIn, undefined, { ip: '10.9.9.9' }), 40300);

    const once = await snapshot();
    await runLeaveJob();
    expect(changedTables(once, await snapshot())).toEqual([]);

    t.clock.advance(10 * 86_400_000);
    await runLeaveJob();
    admin = await signInAsAdmin(t); // the earlier session expired with the ten days
    expect((await ok(t, personnelCalls.details, { id: waiting }, admin)).status).toBe('resigned');
  });

  it('is cleared when the resignation is withdrawn', async () => {
    const id = await add('林七');
    await ok(t, personnelCalls.status, { ids: [id], status: 'resigning', leaving_date: dayFromToday(3) }, admin);
    await ok(t, personnelCalls.status, { ids: [id], status: 'regular' }, admin);
    expect(await ok(t, personnelCalls.details, { id }, admin)).toMatchObject({ status: 'regular', leaving_date: null });
  });
});

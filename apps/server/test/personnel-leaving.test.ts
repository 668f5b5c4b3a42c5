import { authCalls, DEFAULT_TIME_ZONE, dayInZone, instantInZone, personnelCalls, personnelProcessCalls } from '@juqi/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staff } from '../src/lib/db/schema';
import { LEAVE_JOB } from '../src/modules/personnel/leaving';
import { buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, expectError, expectRefused, invoke, makeSign, ok, signInAsAdmin } from './helpers/auth';
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
    expectRefused(await link(second, 999_999), 'account_id');
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
    expectRefused(await invoke(t, personnelCalls.status, { ids: [id], status: 'resigning' }, admin), 'leaving_date', personnelCalls.status);
    expectRefused(await invoke(t, personnelCalls.status, { ids: [id], status: 'resigning', leaving_date: dayFromToday(-1) }, admin), 'leaving_date', personnelCalls.status);
    expectRefused(await invoke(t, personnelCalls.status, { ids: [id], status: 'probation', leaving_date: dayFromToday(1) }, admin), 'leaving_date', personnelCalls.status);
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
    // By the system, naming who set the leaving date.
    expect(entry).toMatchObject({ action: 'status', from: { status: 'resigning' }, to: { status: 'resigned' }, staff_id: null, reason: `离职日期 ${today} 已到（由 超级管理员 设置）` });
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

describe('the grant ceiling over a linked account', () => {
  it('refuses a lesser HR staff every change that would disable or spare a stronger linked account, as the direct route (40300, recorded, nothing changed)', async () => {
    const hr = await createStaffWith(t, ['personnel.view', 'personnel.edit', 'personnel.delete', 'staff.view', 'staff.lock']);
    // Stronger: each holds a grant the HR staff does not.
    const finance = await createStaffWith(t, ['personnel.view', 'user.export']);
    const cashier = await createStaffWith(t, ['user.export']);
    const [linked, resigning, unlinked] = [await add('林八'), await add('林九'), await add('林十')];
    await link(linked, finance.staffId);
    await link(resigning, cashier.staffId);
    const leavingDay = dayFromToday(5);
    await ok(t, personnelCalls.status, { ids: [resigning], status: 'resigning', leaving_date: leavingDay }, admin);
    const status = (body: Parameters<typeof invoke<typeof personnelCalls.status>>[2]) => invoke(t, personnelCalls.status, body, hr.token);

    const before = await snapshot();
    expectError(await invoke(t, authCalls.staffStatus, { id: finance.staffId, action: 'disable' }, hr.token), 40300);
    // Resigning today would have the leaving job disable the account tonight; one record of a bulk change refuses all.
    expectError(await status({ ids: [unlinked, linked], status: 'resigning', leaving_date: dayFromToday(0) }), 40300);
    // Withdrawing a resignation spares the account; resigning now disables it.
    expectError(await status({ ids: [resigning], status: 'regular' }), 40300);
    expectError(await status({ ids: [resigning], status: 'resigned' }), 40300);
    // Moving the leaving date moves the disabling.
    expectError(await invoke(t, personnelCalls.edit, { id: resigning, leaving_date: dayFromToday(0) }, hr.token), 40300);
    // Deleting the record frees the account from any leaving date.
    expectError(await invoke(t, personnelCalls.deleteById, { id: linked }, hr.token), 40300);
    // Asking for a resignation asks for the disabling too.
    expectError(await invoke(t, personnelProcessCalls.resignRequest, { staff_id: linked, leaving_date: dayFromToday(1), reason: '个人发展' }, hr.token), 40300);
    expect(changedTables(before, await snapshot())).toEqual([]);

    const refusals = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'staff.refused'), eq(auditLog.staffId, hr.staffId))).orderBy(auditLog.id);
    expect(refusals.map((row) => [row.target, row.detail])).toEqual([
      [`staff:${finance.staffId}`, { action: 'staff.disable' }],
      [`staff:${finance.staffId}`, { action: 'personnel.status' }],
      [`staff:${cashier.staffId}`, { action: 'personnel.status' }],
      [`staff:${cashier.staffId}`, { action: 'personnel.status' }],
      [`staff:${cashier.staffId}`, { action: 'personnel.edit' }],
      [`staff:${finance.staffId}`, { action: 'personnel.delete' }],
      [`staff:${finance.staffId}`, { action: 'personnel.resign_request' }],
    ]);
    await runLeaveJob();
    expect((await invoke(t, authCalls.info, {}, finance.token)).code).toBe(20000);

    // What does not reach the account stays the HR staff's: the post (the leaving date sent as it is), an unlinked record's resignation.
    await ok(t, personnelCalls.edit, { id: resigning, post: '出纳', leaving_date: leavingDay }, hr.token);
    await ok(t, personnelCalls.status, { ids: [unlinked], status: 'resigning', leaving_date: dayFromToday(1) }, hr.token);
  });

  it('lets a manager holding every grant of the account set the leaving date, and the job names that manager', async () => {
    const account = await createStaffWith(t, ['user.export']);
    const manager = await createStaffWith(t, ['personnel.view', 'personnel.edit', 'user.export']);
    const id = await add('林十一');
    await link(id, account.staffId);
    const today = dayInZone(DEFAULT_TIME_ZONE, t.clock.now().getTime());
    await ok(t, personnelCalls.status, { ids: [id], status: 'resigning', leaving_date: today }, manager.token);

    await runLeaveJob();
    expect(await ok(t, personnelCalls.details, { id }, admin)).toMatchObject({ status: 'resigned', account: { status: 'disabled' } });
    const { name } = (await t.database.db.select({ name: staff.name }).from(staff).where(eq(staff.id, manager.staffId)))[0]!;
    const reason = `离职日期 ${today} 已到（由 ${name} 设置）`;
    const byJob = await t.database.db
      .select()
      .from(auditLog)
      .where(and(isNull(auditLog.staffId), inArray(auditLog.target, [`personnel:${id}`, `staff:${account.staffId}`])))
      .orderBy(auditLog.id);
    expect(byJob.map((row) => [row.action, row.detail])).toEqual([
      ['personnel.status', expect.objectContaining({ reason, leaving_set_by: manager.staffId, after: expect.objectContaining({ status: 'resigned' }) })],
      ['staff.disable', { reason }],
    ]);
    expect((await ok(t, personnelCalls.history, { id }, admin))[0]).toMatchObject({ staff_id: null, reason });
  });
});

import { authCalls, type AnyCall } from '@juqi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staff } from '../src/lib/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { createStaffWith, invoke, invokeUnchecked, ok, signIn, signInAsAdmin, smsOutbox, type CallInput } from './helpers/auth';
import { ACTIVITY_COLUMNS, changedTables, JOURNAL_TABLES, snapshotDatabase } from './helpers/snapshot';

/** What the demo's personnel role holds: every staff-account operation, nothing else. */
const STAFF_OPERATIONS = ['staff.view', 'staff.edit', 'staff.lock', 'staff.password', 'login.records.view'];

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
});
afterAll(() => t?.close());

const superAdminId = async () => (await t.database.db.select({ id: staff.id }).from(staff).where(eq(staff.isSuperAdmin, true)))[0]!.id;

/** Answers the call and the tables it changed, journals of attempts aside. */
async function attempt<C extends AnyCall>(call: C, body: CallInput<C>, token: string) {
  const options = { exceptTables: JOURNAL_TABLES, exceptColumns: ACTIVITY_COLUMNS };
  const before = await snapshotDatabase(t.database.db, options);
  // `body` is checked against the call by this function's signature.
  const answer = await invokeUnchecked(t, call, body, token);
  const changed = changedTables(before, await snapshotDatabase(t.database.db, options));
  return { answer, changed };
}

describe('linking accounts', () => {
  it('is the super-admin’s act: staff managers can neither set nor see person keys', async () => {
    const hr = await createStaffWith(t, STAFF_OPERATIONS);
    const other = await createStaffWith(t, []);
    const edit = await attempt(authCalls.staffEdit, { id: other.staffId, name: 'x', person_key: 'someone' }, hr.token);
    expect(edit.answer).toMatchObject({ code: 40300, data: { field: 'person_key' } });
    expect(edit.changed).toEqual([]);
    const add = await attempt(authCalls.staffAdd, { staff_num: 'linked-new', name: 'x', password: 'Fresh-Pass-2026', person_key: 'someone' }, hr.token);
    expect(add.answer.code).toBe(40300);
    expect(add.changed).toEqual([]);

    expect((await invoke(t, authCalls.staffEdit, { id: other.staffId, name: 'x', person_key: 'k-1' }, admin)).code).toBe(20000);
    const seenByHr = (await ok(t, authCalls.staffList, { keyword: other.staffNum }, hr.token)).data[0];
    expect(seenByHr).not.toHaveProperty('person_key');
    const seenByAdmin = (await ok(t, authCalls.staffList, { keyword: other.staffNum }, admin)).data[0];
    expect(seenByAdmin.person_key).toBe('k-1');
    // An edit that leaves the key out keeps it.
    expect((await invoke(t, authCalls.staffEdit, { id: other.staffId, name: 'renamed' }, hr.token)).code).toBe(20000);
    expect((await ok(t, authCalls.staffList, { keyword: other.staffNum }, admin)).data[0].person_key).toBe('k-1');
  });

  it('never switches into an account granted more than the current one, nor into the super-admin', async () => {
    const lesser = await createStaffWith(t, ['user.list']);
    const greater = await createStaffWith(t, ['user.list', 'user.export']);
    const adminId = await superAdminId();
    for (const [id, roleIds] of [
      [lesser.staffId, [lesser.roleId]],
      [greater.staffId, [greater.roleId]],
      [adminId, []],
    ] as const) {
      expect((await invoke(t, authCalls.staffEdit, { id, name: `linked ${id}`, person_key: 'one-person', role_ids: [...roleIds] }, admin)).code).toBe(20000);
    }

    const fromLesser = await signIn(t, lesser.staffNum, lesser.password);
    const profile = await ok(t, authCalls.info, {}, fromLesser);
    expect(profile.linked_accounts).toEqual([]);
    expect((await invoke(t, authCalls.switchAccount, { staff_id: greater.staffId }, fromLesser)).code).toBe(40300);
    expect((await invoke(t, authCalls.switchAccount, { staff_id: adminId }, fromLesser)).code).toBe(40300);
    expect((await invoke(t, authCalls.info, {}, fromLesser)).code).toBe(20000);

    const fromGreater = await signIn(t, greater.staffNum, greater.password);
    expect((await ok(t, authCalls.info, {}, fromGreater)).linked_accounts.map((a: { id: number }) => a.id)).toEqual([lesser.staffId]);
    const switched = await ok(t, authCalls.switchAccount, { staff_id: lesser.staffId }, fromGreater);
    expect(await ok(t, authCalls.info, {}, switched.token)).toMatchObject({ staff_num: lesser.staffNum, is_super_admin: false });
  });
});

describe('managing a staff under the grant ceiling', () => {
  it('refuses password, phone, role and status changes of a staff granted more than the manager, changing nothing', async () => {
    const hr = await createStaffWith(t, STAFF_OPERATIONS);
    const ops = await createStaffWith(t, ['user.list', 'user.lock']);
    const cases = [
      () => attempt(authCalls.staffPassword, { id: ops.staffId, password: 'Taken-Over-2026' }, hr.token),
      () => attempt(authCalls.staffEdit, { id: ops.staffId, name: 'ops', phone: '13912345678', role_ids: [ops.roleId] }, hr.token),
      () => attempt(authCalls.staffEdit, { id: ops.staffId, name: 'ops', role_ids: [] }, hr.token),
      () => attempt(authCalls.staffStatus, { id: ops.staffId, action: 'disable' }, hr.token),
      () => attempt(authCalls.staffStatus, { id: ops.staffId, action: 'lock' }, hr.token),
    ];
    for (const [i, run] of cases.entries()) {
      const { answer, changed } = await run();
      expect(answer.code, `case ${i}`).toBe(40300);
      expect(changed, `case ${i}`).toEqual([]);
    }
    expect((await signIn(t, ops.staffNum, ops.password)).length).toBeGreaterThan(0);
    const refusals = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.refused'));
    expect(refusals.filter((r) => r.staffId === hr.staffId && r.target === `staff:${ops.staffId}`)).toHaveLength(cases.length);
  });

  it('lets a manager handle a staff whose grants it holds all of', async () => {
    const hr = await createStaffWith(t, [...STAFF_OPERATIONS, 'user.list']);
    const clerk = await createStaffWith(t, ['user.list']);
    expect((await invoke(t, authCalls.staffPassword, { id: clerk.staffId, password: 'Reset-By-Hr-2026' }, hr.token)).code).toBe(20000);
    expect((await signIn(t, clerk.staffNum, 'Reset-By-Hr-2026')).length).toBeGreaterThan(0);
    expect((await invoke(t, authCalls.staffStatus, { id: clerk.staffId, action: 'lock' }, hr.token)).code).toBe(20000);
  });

  it('ends the staff’s sessions when its phone changes', async () => {
    const target = await createStaffWith(t, []);
    const session = await signIn(t, target.staffNum, target.password);
    expect((await invoke(t, authCalls.staffEdit, { id: target.staffId, name: 'n', phone: '13912340001' }, admin)).code).toBe(20000);
    expect((await invoke(t, authCalls.info, {}, session)).code).toBe(50008);
    const again = await signIn(t, target.staffNum, target.password);
    expect((await invoke(t, authCalls.staffEdit, { id: target.staffId, name: 'n2', phone: '13912340001' }, admin)).code).toBe(20000);
    expect((await invoke(t, authCalls.info, {}, again)).code).toBe(20000);
  });

  it('keeps the super-admin’s account to the super-admin', async () => {
    const hr = await createStaffWith(t, STAFF_OPERATIONS);
    const { answer, changed } = await attempt(authCalls.staffPassword, { id: await superAdminId(), password: 'Taken-Over-2026' }, hr.token);
    expect(answer.code).toBe(40300);
    expect(changed).toEqual([]);
  });
});

describe('one’s own account', () => {
  it('sets one’s own avatar', async () => {
    const me = await createStaffWith(t, []);
    expect((await invoke(t, authCalls.changeOwnAvatar, { avatar: '/uploads/avatar/2026/11/0123456789abcdef0123456789abcdef.png' }, me.token)).code).toBe(20000);
    expect((await ok(t, authCalls.info, {}, me.token)).user_face).toBe('/uploads/avatar/2026/11/0123456789abcdef0123456789abcdef.png');
  });

  it('changes one’s own phone with the password and a code sent to the new phone; the other sessions end', async () => {
    const me = await createStaffWith(t, []);
    const other = await signIn(t, me.staffNum, me.password);
    const taken = await createStaffWith(t, []);
    await invoke(t, authCalls.staffEdit, { id: taken.staffId, name: 'taken', phone: '13700000001' }, admin);
    expect(await invoke(t, authCalls.sendPhoneChangeCode, { staff_tel: '13700000001' }, me.token)).toMatchObject({ code: 40900, data: { field: 'staff_tel' } });

    const phone = '13700000002';
    expect((await invoke(t, authCalls.sendPhoneChangeCode, { staff_tel: phone }, me.token)).code).toBe(20000);
    const code = smsOutbox(t).filter((m) => m.phone === phone).at(-1)!.code;
    const wrongPassword = await attempt(authCalls.changeOwnPhone, { staff_tel: phone, verification_code: code, password: 'not-mine-2026' }, me.token);
    expect(wrongPassword.answer).toMatchObject({ code: 40000, data: { field: 'password' } });
    expect(wrongPassword.changed).toEqual([]);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(await invoke(t, authCalls.changeOwnPhone, { staff_tel: phone, verification_code: wrongCode, password: me.password }, me.token)).toMatchObject({
      code: 40000,
      data: { field: 'verification_code' },
    });
    expect((await invoke(t, authCalls.changeOwnPhone, { staff_tel: phone, verification_code: code, password: me.password }, me.token)).code).toBe(20000);

    expect((await invoke(t, authCalls.info, {}, me.token)).code).toBe(20000);
    expect((await invoke(t, authCalls.info, {}, other)).code).toBe(50008);
    expect((await ok(t, authCalls.staffList, { keyword: me.staffNum }, admin)).data[0].phone).toBe(phone);
    // The code was used up: it cannot change the phone again, nor sign in.
    expect((await invoke(t, authCalls.changeOwnPhone, { staff_tel: phone, verification_code: code, password: me.password }, me.token)).code).toBe(40000);
  });
});

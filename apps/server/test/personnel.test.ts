import { departmentCalls, fieldFormCalls, isIdCardNumber, isPhone, personnelCalls, type CallBody, type StaffFindFilter } from '@juqi/contract';
import { eq, like } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, department, fieldDefinitionTable, personnelHistory, personnelStaff } from '../src/lib/db/schema';
import { seedDepartment } from '../src/modules/department/seed';
import { demoIdCard, seedPersonnel } from '../src/modules/personnel/seed';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectError, expectOk, expectRefused, invoke, ok, signInAsAdmin, signInWith, type Answer } from './helpers/auth';
import { ACTIVITY_COLUMNS, changedTables, JOURNAL_TABLES, snapshotDatabase } from './helpers/snapshot';

/** Staff records: the spec's list and delete, the address book, details and the identity card, custom fields, states. */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
});
afterAll(async () => {
  await t?.close();
});
// Each test starts with no staff records and no departments.
beforeEach(async () => {
  await t.database.db.delete(personnelHistory);
  await t.database.db.delete(personnelStaff);
  await t.database.db.delete(department);
  await t.database.db.delete(fieldDefinitionTable).where(like(fieldDefinitionTable.key, 'test_%'));
  // Deleted behind the app's back: its kept counts are too old to be answered from here on.
  t.clock.advance(601_000);
});

const snapshot = () => snapshotDatabase(t.database.db, { exceptTables: JOURNAL_TABLES, exceptColumns: ACTIVITY_COLUMNS });
let mobileCounter = 0;
const nextMobile = () => `139${String(10_000_000 + (mobileCounter += 1)).padStart(8, '0')}`;
const idCard = (sequence: number, birthDay = '1990-03-07') => demoIdCard('110105', birthDay, sequence);

type AddBody = CallBody<typeof personnelCalls.add>;
const add = async (name: string, values: Partial<AddBody> = {}) => (await ok(t, personnelCalls.add, { name, mobile: nextMobile(), ...values }, admin)).id;
const addDepartment = async (name: string, parentId = 0) => (await ok(t, departmentCalls.add, { name, parent_id: parentId }, admin)).id;

/** The spec's findPage: the page in the query (zero-based), the filters in the body. */
async function findPage(filter: StaffFindFilter, pageNo = 0, pageSize = 20, token = admin): Promise<Answer<typeof personnelCalls.findPage>> {
  const res = await t.app.inject({ method: 'POST', url: `${personnelCalls.findPage.path}?pageNo=${pageNo}&pageSize=${pageSize}`, payload: filter, headers: { 'x-token': token } });
  return res.json();
}
const foundNames = async (filter: StaffFindFilter, pageNo = 0, pageSize = 20) => expectOk(await findPage(filter, pageNo, pageSize)).data.map((row) => row.name);

describe('staff records', () => {
  it('adds a record, answers it whole to personnel.id_card.view and masked otherwise, and audits the masked number only', async () => {
    const number = idCard(123);
    const rd = await addDepartment('研发部');
    const [company] = await ok(t, personnelCalls.companies, {}, admin);
    const id = await add('张三', { id_card: number.toLowerCase(), company_id: company!.id, department_id: rd, post: '工程师', gender: 'male', extra: { education: 'bachelor' } });

    const whole = await ok(t, personnelCalls.details, { id }, admin);
    expect(whole).toMatchObject({ name: '张三', id_card: number, id_card_masked: false, company_name: company!.name, department_name: '研发部', status: 'candidate', extra: { education: 'bachelor' } });

    const viewer = await signInWith(t, ['personnel.view']);
    const masked = await ok(t, personnelCalls.details, { id }, viewer);
    expect(masked).toMatchObject({ id_card: `110105********${number.slice(14)}`, id_card_masked: true });
    const cardViewer = await signInWith(t, ['personnel.view', 'personnel.id_card.view']);
    expect((await ok(t, personnelCalls.details, { id }, cardViewer)).id_card).toBe(number);
    expect(expectOk(await findPage({}, 0, 20, cardViewer)).data[0]!.id_card).toBe(`110105********${number.slice(14)}`);

    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.target, `personnel:${id}`));
    // The add, and the two answers that held the whole number (the admin's and the card viewer's): reads are audited.
    expect(entries.map((e) => e.action)).toEqual(['personnel.add', 'personnel.id_card.view', 'personnel.id_card.view']);
    expect(JSON.stringify(entries)).not.toContain(number);
    expect(JSON.stringify(entries)).toContain(`110105********${number.slice(14)}`);
    expect(JSON.stringify(await t.database.db.select().from(personnelHistory))).not.toContain(number);
  });

  it('refuses a bad identity card (40000 naming id_card), one another record holds (40900), and an unknown department or company', async () => {
    const number = idCard(7);
    const badCheck = number.slice(0, 17) + (number[17] === '0' ? '1' : '0');
    expectRefused(await invoke(t, personnelCalls.add, { name: '李四', mobile: nextMobile(), id_card: badCheck }, admin), 'id_card', personnelCalls.add);
    await add('李四', { id_card: number });
    expect(expectError(await invoke(t, personnelCalls.add, { name: '李四二', mobile: nextMobile(), id_card: number }, admin), 40900)).toEqual({ field: 'id_card' });
    expectRefused(await invoke(t, personnelCalls.add, { name: '王五', mobile: nextMobile(), department_id: 999_999 }, admin), 'department_id', personnelCalls.add);
    expectRefused(await invoke(t, personnelCalls.add, { name: '王五', mobile: nextMobile(), company_id: 999_999 }, admin), 'company_id', personnelCalls.add);
    // The form's system field 手机号 is required: the record's own mobile stands in for it.
    expectRefused(await invoke(t, personnelCalls.add, { name: '王五' }, admin), 'mobile', personnelCalls.add);
  });

  it('edits the properties sent and keeps each change in the history', async () => {
    const id = await add('赵六', { post: '会计' });
    await ok(t, personnelCalls.edit, { id, post: '财务经理', email: 'zhao@example.com' }, admin);
    const details = await ok(t, personnelCalls.details, { id }, admin);
    expect(details).toMatchObject({ name: '赵六', post: '财务经理', email: 'zhao@example.com' });
    const history = await ok(t, personnelCalls.history, { id }, admin);
    expect(history.map((h) => h.action)).toEqual(['edit', 'add']);
    expect(history[0]).toMatchObject({ from: { post: '会计', email: null }, to: { post: '财务经理', email: 'zhao@example.com' }, staff_name: '超级管理员' });
  });
});

describe('findPage', () => {
  it('filters by each of the spec’s fields with zero-based pages, newest first', async () => {
    const tech = await addDepartment('技术中心');
    const rd = await addDepartment('研发部', tech);
    const sales = await addDepartment('销售部');
    const companies = await ok(t, personnelCalls.companies, {}, admin);
    const number = idCard(42);
    await add('张伟', { department_id: tech, company_id: companies[0]!.id, mobile: '13912345678' });
    await add('张敏', { department_id: rd, company_id: companies[1]!.id, id_card: number });
    await add('李娜', { department_id: sales, company_id: companies[0]!.id });
    const regular = await add('王强', { department_id: rd, report_time: '2024-05-10' });
    await ok(t, personnelCalls.status, { ids: [regular], status: 'probation' }, admin);
    await add('陈静', { report_time: '2024-06-01' });

    const first = expectOk(await findPage({}, 0, 2));
    expect(first.count).toBe(5);
    expect(first.data.map((row) => row.name)).toEqual(['陈静', '王强']);
    expect(await foundNames({}, 1, 2)).toEqual(['李娜', '张敏']);
    expect(await foundNames({}, 2, 2)).toEqual(['张伟']);
    expect(await foundNames({}, 3, 2)).toEqual([]);

    expect(await foundNames({ name: '张' })).toEqual(['张敏', '张伟']);
    expect(await foundNames({ name: 'zw' })).toEqual(['张伟']);
    expect(await foundNames({ name: '' })).toHaveLength(5);
    expect(await foundNames({ idCard: number })).toEqual(['张敏']);
    expect(await foundNames({ idCard: number.slice(0, 17) })).toEqual([]);
    expect(await foundNames({ mobile: '1234567' })).toEqual(['张伟']);
    expect(await foundNames({ company: companies[0]!.id })).toEqual(['李娜', '张伟']);
    expect(await foundNames({ department: tech })).toEqual(['王强', '张敏', '张伟']);
    expect(await foundNames({ department: rd })).toEqual(['王强', '张敏']);
    expect(await foundNames({ status: 'probation' })).toEqual(['王强']);
    expect(await foundNames({ status: ['probation', 'candidate'] })).toHaveLength(5);
    expect(await foundNames({ reportTime: ['2024-05-10', '2024-05-31'] })).toEqual(['王强']);
    expect(await foundNames({ reportTime: ['2024-05-11', '2024-06-01'] })).toEqual(['陈静']);
    expect(await foundNames({ department: tech, status: 'candidate' })).toEqual(['张敏', '张伟']);
    const filtered = expectOk(await findPage({ department: tech }, 0, 1));
    expect(filtered.count).toBe(3);
    expect(filtered.data).toHaveLength(1);
  });

  it('keeps a filter’s count until a record is written through the app, or for 30 s after a write behind its back', async () => {
    const tech = await addDepartment('技术中心');
    const first = await add('张伟', { department_id: tech });
    await add('张敏', { department_id: tech });
    const count = async () => expectOk(await findPage({ department: tech })).count;
    expect(await count()).toBe(2);

    // Deleted behind the app's back: the page no longer shows it, the kept count still does.
    await t.database.db.update(personnelStaff).set({ deletedAt: new Date() }).where(eq(personnelStaff.id, first));
    expect(expectOk(await findPage({ department: tech })).data).toHaveLength(1);
    expect(await count()).toBe(2);

    // Any write through the app clears the kept counts at once.
    await add('李娜', { department_id: tech });
    await add('陈静', { department_id: tech });
    expect(await count()).toBe(3);
    const moved = await add('王强');
    expect(await count()).toBe(3);
    await ok(t, personnelCalls.edit, { id: moved, department_id: tech }, admin);
    expect(await count()).toBe(4);

    // Past 30 s a kept count is answered once more while it is counted again.
    await t.database.db.update(personnelStaff).set({ deletedAt: new Date() }).where(eq(personnelStaff.id, moved));
    t.clock.advance(31_000);
    expect(await count()).toBe(4);
    await expect.poll(count).toBe(3);
  });
});

describe('deleteById', () => {
  it('takes the record out of every list and keeps it with the reason in its history; a second delete is 40400', async () => {
    const id = await add('孙七');
    await ok(t, personnelCalls.status, { ids: [id], status: 'probation' }, admin);
    expect(await foundNames({})).toEqual(['孙七']);
    expect(await ok(t, personnelCalls.deleteById, { id, reason: '重复录入' }, admin)).toBeNull();
    expect(await foundNames({})).toEqual([]);
    expect(await ok(t, personnelCalls.letterIndex, {}, admin)).toEqual([]);
    expectError(await invoke(t, personnelCalls.details, { id }, admin), 40400);
    expectError(await invoke(t, personnelCalls.deleteById, { id }, admin), 40400);

    const [row] = await t.database.db.select().from(personnelStaff).where(eq(personnelStaff.id, id));
    expect(row?.deletedAt).not.toBeNull();
    // The history stays readable.
    const history = await ok(t, personnelCalls.history, { id }, admin);
    expect(history.map((h) => [h.action, h.reason])).toEqual([
      ['delete', '重复录入'],
      ['status', null],
      ['add', null],
    ]);
    expectError(await invoke(t, personnelCalls.history, { id: 999_999 }, admin), 40400);
    // Its mobile is free again for a new record.
    await add('孙七', { mobile: row!.mobile! });
  });
});

describe('the address book', () => {
  it('indexes staff in office by letter, reading surnames as surnames, with Latin and other names', async () => {
    const names = ['单雄信', '曾国藩', '解缙', '仇英', '区小龙', '张三', 'Alice', '9号', '李四'];
    const ids: number[] = [];
    for (const name of names) ids.push(await add(name));
    await ok(t, personnelCalls.status, { ids: ids.slice(0, -1), status: 'probation' }, admin);
    const index = await ok(t, personnelCalls.letterIndex, {}, admin);
    expect(index.map((group) => [group.letter, group.items.map((item) => item.name)])).toEqual([
      ['A', ['Alice']],
      ['O', ['区小龙']],
      ['Q', ['仇英']],
      ['S', ['单雄信']],
      ['X', ['解缙']],
      ['Z', ['曾国藩', '张三']],
      ['#', ['9号']],
    ]);
  });

  it('searches by name, initials or mobile, and lists and reads people without identity card or custom values', async () => {
    const rd = await addDepartment('研发部');
    const id = await add('曾小贤', { mobile: '13612340000', department_id: rd, post: '主播', id_card: idCard(9) });
    const other = await add('曾一凡');
    await ok(t, personnelCalls.status, { ids: [id, other], status: 'probation' }, admin);
    const viewer = await signInWith(t, []);
    expect((await ok(t, personnelCalls.search, { keyword: 'zxx' }, viewer)).map((p) => p.name)).toEqual(['曾小贤']);
    expect((await ok(t, personnelCalls.search, { keyword: '1234' }, viewer)).map((p) => p.name)).toEqual(['曾小贤']);
    expect((await ok(t, personnelCalls.search, { keyword: '曾' }, viewer)).map((p) => p.name)).toEqual(['曾小贤', '曾一凡']);

    const list = await ok(t, personnelCalls.userList, { department_id: rd, page: 1, limit: 10 }, viewer);
    expect(list).toEqual({ count: 1, data: [{ id, name: '曾小贤', mobile: '13612340000', email: null, department_id: rd, department_name: '研发部', post: '主播', status: 'probation' }] });
    expect(await ok(t, personnelCalls.userRead, { id }, viewer)).toEqual(list.data[0]);
    expect((await ok(t, personnelCalls.userList, { keyword: 'zyf', page: 1, limit: 10 }, viewer)).data.map((p) => p.id)).toEqual([other]);
  });
});

describe('custom fields of form personnel_info', () => {
  it('checks the values by the form: a required field left out is 40000 naming its key; a mirrored key is refused', async () => {
    await ok(t, fieldFormCalls.personnel_info.definitionAdd, { key: 'test_badge', type: 'text', label: { 'zh-CN': '工牌号', 'en-US': 'Badge' }, required: true, unique: true }, admin);
    // Whoever may view staff records reads the form, without the field settings' own operation.
    const clerk = await signInWith(t, ['personnel.view']);
    expect((await ok(t, personnelCalls.formFields, {}, clerk)).find((field) => field.key === 'test_badge')).toMatchObject({ type: 'text', required: true, unique: true });
    // An admin-defined field is named by its definition's label.
    const noBadge = await invoke(t, personnelCalls.add, { name: '周八', mobile: nextMobile() }, admin);
    expectRefused(noBadge, 'test_badge', '工牌号');
    expect(noBadge.message).toBe('工牌号：必填');
    const id = await add('周八', { extra: { test_badge: 'B-001' } });
    expect(expectError(await invoke(t, personnelCalls.add, { name: '周九', mobile: nextMobile(), extra: { test_badge: 'B-001' } }, admin), 40900)).toEqual({ field: 'test_badge' });
    const mirrored = await invoke(t, personnelCalls.add, { name: '周九', mobile: nextMobile(), extra: { test_badge: 'B-002', mobile: '13800000000' } }, admin);
    expectRefused(mirrored, 'mobile', personnelCalls.add);
    expect(mirrored.message).toBe('手机号：由人员档案的“手机号”设置');
    expectRefused(await invoke(t, personnelCalls.add, { name: '周九', mobile: nextMobile(), extra: { test_badge: 'B-002', no_such_field: 1 } }, admin), 'no_such_field', personnelCalls.add);
    // An edit keeps the stored values it does not send.
    await ok(t, personnelCalls.edit, { id, post: '保安' }, admin);
    expect((await ok(t, personnelCalls.details, { id }, admin)).extra).toMatchObject({ test_badge: 'B-001' });
  });
});

describe('states', () => {
  it('moves records as the states allow, all or nothing', async () => {
    const a = await add('吴一');
    const b = await add('吴二');
    await ok(t, personnelCalls.status, { ids: [a, b], status: 'probation', reason: '面试通过' }, admin);
    const hired = await ok(t, personnelCalls.details, { id: a }, admin);
    expect(hired.status).toBe('probation');
    expect(hired.report_time).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(hired.probation_end).not.toBeNull();
    expect(expectOk(await findPage({ name: '吴一' })).data[0]!.probation_end).toBe(hired.probation_end);
    await ok(t, personnelCalls.status, { ids: [a], status: 'regular' }, admin);

    // b is on probation: regular → regular is no move, so neither changes.
    const before = await snapshot();
    expectRefused(await invoke(t, personnelCalls.status, { ids: [a, b], status: 'regular' }, admin), 'status', personnelCalls.status);
    expectRefused(await invoke(t, personnelCalls.status, { ids: [b], status: 'candidate' }, admin), 'status', personnelCalls.status);
    expect(changedTables(before, await snapshot())).toEqual([]);

    await ok(t, personnelCalls.status, { ids: [a, b], status: 'resigning', leaving_date: '2030-01-31' }, admin);
    await ok(t, personnelCalls.status, { ids: [b], status: 'probation' }, admin);
    await ok(t, personnelCalls.status, { ids: [a], status: 'resigned' }, admin);
    expect((await ok(t, personnelCalls.details, { id: a }, admin)).leaving_date).not.toBeNull();
    expectError(await invoke(t, personnelCalls.status, { ids: [a], status: 'regular' }, admin), 40000);
    expectError(await invoke(t, personnelCalls.status, { ids: [b, 999_999], status: 'resigning', leaving_date: '2030-01-31' }, admin), 40400);
    const history = await ok(t, personnelCalls.history, { id: b }, admin);
    expect(history.filter((h) => h.action === 'status').map((h) => h.to?.status)).toEqual(['probation', 'resigning', 'probation']);
    expect(history.at(-2)?.reason).toBe('面试通过');
  });
});

describe('departments and staff', () => {
  it('refuses to delete a department that still has staff (40900), and allows it once they are gone', async () => {
    const rd = await addDepartment('研发部');
    const id = await add('郑十', { department_id: rd });
    expectError(await invoke(t, departmentCalls.delete, { id: rd }, admin), 40900);
    await ok(t, personnelCalls.deleteById, { id }, admin);
    await ok(t, departmentCalls.delete, { id: rd }, admin);
  });
});

describe('permissions', () => {
  it('refuses staff without personnel operations (40300) and the signed-out (50008), changing nothing', async () => {
    const id = await add('冯十一');
    const stranger = await signInWith(t, ['department.view']);
    const viewer = await signInWith(t, ['personnel.view']);
    const before = await snapshot();
    expectError(await findPage({}, 0, 20, stranger), 40300);
    expectError(await invoke(t, personnelCalls.details, { id }, stranger), 40300);
    expectError(await invoke(t, personnelCalls.add, { name: '某人', mobile: nextMobile() }, viewer), 40300);
    expectError(await invoke(t, personnelCalls.edit, { id, post: 'x' }, viewer), 40300);
    expectError(await invoke(t, personnelCalls.status, { ids: [id], status: 'probation' }, viewer), 40300);
    expectError(await invoke(t, personnelCalls.deleteById, { id }, viewer), 40300);
    expectError(await invoke(t, personnelCalls.letterIndex, {}), 50008);
    expectError(await invoke(t, personnelCalls.userList, { page: 1, limit: 10 }), 50008);
    expectError(await findPage({}, 0, 20, ''), 50008);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });
});

describe('the demo', () => {
  it('seeds 300 staff over the demo departments with valid identity cards and phones, once', async () => {
    const seed = { db: t.database.db, log: pino({ level: 'silent' }), demo: true };
    await seedDepartment(seed);
    await seedPersonnel(seed);
    const rows = await t.database.db.select().from(personnelStaff);
    expect(rows).toHaveLength(300);
    expect(rows.every((row) => isIdCardNumber(row.idCard) && isPhone(row.mobile) && row.departmentId !== null)).toBe(true);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['candidate', 'probation', 'regular', 'resigning', 'resigned']));
    expect(rows.find((row) => row.name.startsWith('单'))?.nameLetter).toBe('S');
    await seedPersonnel(seed);
    expect(await t.database.db.select().from(personnelStaff)).toHaveLength(300);
  });
});

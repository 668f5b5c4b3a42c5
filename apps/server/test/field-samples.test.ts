import { cityResource, EXPORT_ROWS_HEADER, fieldFormCalls, fieldLookupCalls, generalCalls, personnelCalls, type CallBody } from '@juqi/contract';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/lib/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectError, expectRefused, invoke, invokeUnchecked, ok, signInAsAdmin, signInWith } from './helpers/auth';
import { ACTIVITY_COLUMNS, changedTables, JOURNAL_TABLES, snapshotDatabase } from './helpers/snapshot';

/**
 * Record pickers' lookups (people and industries, registered by their modules), the place picker's city tree, and a
 * form's saved previews (试填记录): values checked by the definitions, unique among the form's previews, listed with
 * filters and orders on custom fields.
 */
let t: TestApp;
let admin: string;
/** A staff record in office: what 人员 pickers (user, single_user) pick. */
let someone: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  someone = (await ok(t, personnelCalls.add, { name: '曾小贤', mobile: '13700137001', status: 'probation', post: '主播' }, admin)).id;
});
afterAll(() => t?.close());

const label = (zh: string) => ({ 'zh-CN': zh, 'en-US': zh });
const snapshot = () => snapshotDatabase(t.database.db, { exceptTables: JOURNAL_TABLES, exceptColumns: ACTIVITY_COLUMNS });
const personnel = fieldFormCalls.personnel_info;
type Values = CallBody<typeof personnel.sampleAdd>['values'];

describe('record pickers’ lookups', () => {
  it('picks people for user and single_user from the address book: in office by name, initials or mobile; by id, also who left, never a candidate or a deleted record', async () => {
    const candidate = (await ok(t, personnelCalls.add, { name: '曾小候', mobile: '13700137002' }, admin)).id;
    const resigned = (await ok(t, personnelCalls.add, { name: '曾小离', mobile: '13700137003', status: 'resigned' }, admin)).id;
    const deleted = (await ok(t, personnelCalls.add, { name: '曾小删', mobile: '13700137004', status: 'regular' }, admin)).id;
    await ok(t, personnelCalls.deleteById, { id: deleted }, admin);
    for (const keyword of ['曾小', 'zxx', '137001']) {
      const found = await ok(t, fieldLookupCalls.lookup, { type: 'user', keyword }, admin);
      expect(found, keyword).toEqual({ available: true, items: [{ id: someone, name: '曾小贤', hint: '主播' }] });
    }
    // Neither a candidate nor someone who left is offered; a value that picked someone who left since still names them.
    const named = await ok(t, fieldLookupCalls.lookup, { type: 'single_user', ids: [candidate, resigned, deleted, 999_999, someone] }, admin);
    expect(named.items.map((item) => item.id)).toEqual([resigned, someone]);
    // A keyword matching nobody is an empty list, not an error.
    expect((await ok(t, fieldLookupCalls.lookup, { type: 'user', keyword: 'zz-nobody-zz' }, admin)).items).toEqual([]);
  });

  it('names industries with their parent as the hint, and the operator’s companies for 公司选择', async () => {
    const { items } = await ok(t, fieldLookupCalls.lookup, { type: 'industry', keyword: '' }, admin);
    expect(items.length).toBeGreaterThan(1);
    const child = items.find((item) => item.hint);
    expect(child).toBeDefined();
    expect(items.some((item) => item.name === child!.hint && !item.hint)).toBe(true);
    const companies = await ok(t, personnelCalls.companies, {}, admin);
    expect(companies.length).toBeGreaterThan(1);
    const [first] = companies;
    expect(await ok(t, fieldLookupCalls.lookup, { type: 'company_select', keyword: first!.name }, admin)).toEqual({ available: true, items: [first] });
    expect((await ok(t, fieldLookupCalls.lookup, { type: 'company_select' }, admin)).items).toEqual(companies);
    expect((await ok(t, fieldLookupCalls.lookup, { type: 'company_select', ids: [companies[1]!.id, 999_999] }, admin)).items).toEqual([companies[1]]);
  });

  it('answers only staff who may pick from the lookup in a form they fill, view or define its fields of (40300 otherwise)', async () => {
    const lookup = (body: CallBody<typeof fieldLookupCalls.lookup>, token: string) => invoke(t, fieldLookupCalls.lookup, body, token);
    const nobody = await signInWith(t, []);
    const asked: CallBody<typeof fieldLookupCalls.lookup>[] = [{ type: 'user', keyword: '曾小' }, { type: 'single_user', ids: [someone] }, { type: 'industry' }, { type: 'structure' }];
    for (const body of asked) expectError(await lookup(body, nobody), 40300);

    // 客户注册 picks people once a field does; its viewers then pick people, not departments (no field of its picks them).
    const viewer = await signInWith(t, ['field.customer_register.view']);
    expectError(await lookup({ type: 'single_user', ids: [someone] }, viewer), 40300);
    const register = fieldFormCalls.customer_register;
    const referrer = (await ok(t, register.definitionAdd, { key: 'referrer', type: 'single_user', label: label('推荐人') }, admin)).id;
    expect((await ok(t, fieldLookupCalls.lookup, { type: 'user', keyword: '曾小' }, viewer)).items.map((item) => item.id)).toEqual([someone]);
    expect((await ok(t, fieldLookupCalls.lookup, { type: 'single_user', ids: [someone] }, viewer)).items.map((item) => item.id)).toEqual([someone]);
    expectError(await lookup({ type: 'structure' }, viewer), 40300);
    // A detail table's column counts as the form's field.
    const branches = (
      await ok(t, register.definitionAdd, { key: 'branches', type: 'detail_table', label: label('分支机构'), sub_fields: [{ key: 'unit', type: 'structure', label: label('部门') }] }, admin)
    ).id;
    expect((await ok(t, fieldLookupCalls.lookup, { type: 'structure' }, viewer)).available).toBe(true);

    // Who fills 人员信息's records (personnel.view) picks what its fields pick; whoever defines a form's fields picks
    // from every lookup (a new field's default).
    const staffViewer = await signInWith(t, ['personnel.view']);
    expectError(await lookup({ type: 'industry' }, staffViewer), 40300);
    const mentor = (await ok(t, personnel.definitionAdd, { key: 'mentor', type: 'industry', label: label('行业导师') }, admin)).id;
    expect((await ok(t, fieldLookupCalls.lookup, { type: 'industry' }, staffViewer)).available).toBe(true);
    const definer = await signInWith(t, ['field.product_info.edit']);
    expect((await ok(t, fieldLookupCalls.lookup, { type: 'contacts', ids: [someone] }, definer)).items.map((item) => item.id)).toEqual([someone]);

    for (const [form, id] of [[register, referrer], [register, branches], [personnel, mentor]] as const) await ok(t, form.definitionDel, { id }, admin);
    expectError(await lookup({ type: 'user' }, viewer), 40300);
  });

  it('is for signed-in staff only, and refuses a type that picks no records (40000 naming type)', async () => {
    expect((await invoke(t, fieldLookupCalls.lookup, { type: 'user' })).code).toBe(50008);
    expectRefused(await invokeUnchecked(t, fieldLookupCalls.lookup, { type: 'text' }, admin), 'type', fieldLookupCalls.lookup);
  });

  it('checks picked records exist: a person or industry id nobody has is 40000 naming the field, in a detail table too', async () => {
    const form = fieldFormCalls.customer_info;
    await ok(t, form.definitionAdd, { key: 'owner', type: 'single_user', label: label('负责人') }, admin);
    await ok(
      t,
      form.definitionAdd,
      { key: 'visits', type: 'detail_table', label: label('拜访记录'), sub_fields: [{ key: 'visitor', type: 'user', label: label('拜访人') }] },
      admin,
    );
    const base = { customer_name: '巨奇科技' };
    expect(await ok(t, form.valuesCheck, { values: { ...base, owner: someone, industry: [1], visits: [{ visitor: [someone] }] } }, admin)).toMatchObject({ owner: someone, industry: [1] });
    for (const [bad, named] of [
      [{ owner: 999_999 }, '负责人'],
      [{ industry: [999_999] }, '所属行业'],
      [{ visits: [{ visitor: [someone] }, { visitor: [999_999] }] }, '拜访记录'],
    ] as const) {
      const refused = await invoke(t, form.valuesCheck, { values: { ...base, ...bad } }, admin);
      expectRefused(refused, Object.keys(bad)[0]!, named);
      expect(refused.message).toBe(`${named}：所选记录不存在（ID 999999）`);
    }
  });
});

describe('the city tree of place fields', () => {
  it('gives the enabled cities under their provinces, for any signed-in staff', async () => {
    const nobody = await signInWith(t, []);
    const tree = await ok(t, generalCalls.cityTree, {}, nobody);
    const guangdong = tree.find((province) => province.code === '440000')!;
    expect(guangdong.name).toBe('广东省');
    expect(guangdong.cities.map((city) => city.code)).toContain('440300');
    // A city staff switch off is no longer offered.
    const cities = cityResource.calls;
    const [shenzhen] = (await ok(t, cities.list, { keyword: '深圳' }, admin)).data as { id: number }[];
    await ok(t, cities.edit!, { id: shenzhen!.id, enabled: false }, admin);
    const after = (await ok(t, generalCalls.cityTree, {}, nobody)).find((province) => province.code === '440000')!;
    expect(after.cities.map((city) => city.code)).not.toContain('440300');
    await ok(t, cities.edit!, { id: shenzhen!.id, enabled: true }, admin);
    expect((await invoke(t, generalCalls.cityTree, {})).code).toBe(50008);
  });
});

const person = (name: string, mobile: string, more: Values = {}): Values => ({ name, mobile, ...more });

describe('saved previews of a form', () => {
  it('saves values checked by the form, lists them newest first, edits and deletes them, each write audited', async () => {
    const { id } = await ok(t, personnel.sampleAdd, { values: person('  张三 ', '13800138001', { education: 'bachelor', entry_date: '2026-03-01' }) }, admin);
    const listed = await ok(t, personnel.sampleList, {}, admin);
    expect(listed.data[0]).toMatchObject({ id, values: { name: '张三', mobile: '13800138001', education: 'bachelor', entry_date: '2026-03-01', id_number: null }, updated_by: expect.any(String) });

    await ok(t, personnel.sampleEdit, { id, values: person('张三', '13800138001', { education: 'master' }) }, admin);
    expect((await ok(t, personnel.sampleList, {}, admin)).data.find((row) => row.id === id)!.values).toMatchObject({ education: 'master', entry_date: null });

    await ok(t, personnel.sampleDel, { id }, admin);
    expect((await ok(t, personnel.sampleList, {}, admin)).data.some((row) => row.id === id)).toBe(false);
    expect((await invoke(t, personnel.sampleDel, { id }, admin)).code).toBe(40400);

    const actions = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.target, `field.sample:${id}`))).orderBy(auditLog.id);
    expect(actions.map((a) => a.action)).toEqual(['field.sample.add', 'field.sample.edit', 'field.sample.delete']);
  });

  it('refuses bad values (40000 naming the key), a missing required one, and a unique value another preview holds (40900), changing nothing', async () => {
    await ok(t, personnel.sampleAdd, { values: person('李四', '13800138002', { id_number: '110101199003070000' }) }, admin);
    const before = await snapshot();
    // Named by the form's own labels.
    expectRefused(await invoke(t, personnel.sampleAdd, { values: person('王五', '12345') }, admin), 'mobile', '手机号');
    const noName = await invoke(t, personnel.sampleAdd, { values: { mobile: '13800138003' } }, admin);
    expectRefused(noName, 'name', '姓名');
    expect(noName.message).toBe('姓名：必填');
    expectRefused(await invoke(t, personnel.sampleAdd, { values: person('王五', '13800138003', { education: 'phd' }) }, admin), 'education', '学历');
    const taken = await invoke(t, personnel.sampleAdd, { values: person('王五', ' 13800138002 ') }, admin);
    expect(expectError(taken, 40900)).toEqual({ field: 'mobile' });
    expect(taken.message).toBe('手机号已被其他记录使用');
    expect(expectError(await invoke(t, personnel.sampleAdd, { values: person('王五', '13800138003', { id_number: '110101199003070000' }) }, admin), 40900)).toEqual({ field: 'id_number' });
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('lets a preview keep its own unique value on edit', async () => {
    const { id } = await ok(t, personnel.sampleAdd, { values: person('赵六', '13800138004') }, admin);
    expect((await invoke(t, personnel.sampleEdit, { id, values: person('赵六六', '13800138004') }, admin)).code).toBe(20000);
    const other = await ok(t, personnel.sampleAdd, { values: person('孙七', '13800138005') }, admin);
    expect(expectError(await invoke(t, personnel.sampleEdit, { id: other.id, values: person('孙七', '13800138004') }, admin), 40900)).toEqual({ field: 'mobile' });
  });

  it('filters and orders by custom fields with the operators of their types', async () => {
    const form = fieldFormCalls.product_info;
    const products: Values[] = [
      { product_name: '短视频套餐', price: 299, on_sale: true },
      { product_name: '图文套餐', price: 99.5, on_sale: false },
      { product_name: '直播套餐', price: 999 },
    ];
    for (const values of products) await ok(t, form.sampleAdd, { values }, admin);
    const names = async (body: CallBody<typeof form.sampleList>) => (await ok(t, form.sampleList, body, admin)).data.map((row) => row.values.product_name);

    expect(await names({})).toEqual(['直播套餐', '图文套餐', '短视频套餐']);
    expect(await names({ sort: 'price', order: 'asc' })).toEqual(['图文套餐', '短视频套餐', '直播套餐']);
    expect(await names({ sort: 'price', order: 'desc' })).toEqual(['直播套餐', '短视频套餐', '图文套餐']);
    // on_sale's default (true) fills the preview that left it out.
    expect(await names({ filters: [{ key: 'on_sale', operator: 'equals', value: true }] })).toEqual(['直播套餐', '短视频套餐']);
    expect(await names({ filters: [{ key: 'price', operator: 'range', value: [100, 1000] }], sort: 'price', order: 'asc' })).toEqual(['短视频套餐', '直播套餐']);
    expect(await names({ filters: [{ key: 'product_name', operator: 'contains', value: '视频' }] })).toEqual(['短视频套餐']);
    expect(await names({ filters: [{ key: 'pictures', operator: 'empty', value: true }, { key: 'price', operator: 'equals', value: '99.5' }] })).toEqual(['图文套餐']);
    const page = await ok(t, form.sampleList, { limit: 2, page: 2 }, admin);
    expect(page).toMatchObject({ count: 3, data: [{ values: { product_name: '短视频套餐' } }] });

    expectRefused(await invoke(t, form.sampleList, { filters: [{ key: 'nope', operator: 'equals', value: 1 }] }, admin), 'filters.0.key', form.sampleList);
    const notOffered = await invoke(t, form.sampleList, { filters: [{ key: 'pictures', operator: 'contains', value: 'x' }] }, admin);
    expectRefused(notOffered, 'pictures', '产品图片');
    expect(notOffered.message).toBe('产品图片：该字段不支持此筛选方式（可用：empty）');
    expectRefused(await invoke(t, form.sampleList, { filters: [{ key: 'price', operator: 'range', value: ['a', 'b'] }] }, admin), 'price', '价格');
    expectRefused(await invoke(t, form.sampleList, { sort: 'nope' }, admin), 'sort', form.sampleList);
  });

  it('lets a viewer list previews but not write them (40300), and keeps each form’s previews apart', async () => {
    const viewer = await signInWith(t, ['field.personnel_info.view']);
    expect((await invoke(t, personnel.sampleList, {}, viewer)).code).toBe(20000);
    expect((await invoke(t, personnel.sampleAdd, { values: person('周八', '13800138006') }, viewer)).code).toBe(40300);
    expect((await invoke(t, fieldFormCalls.product_info.sampleList, {}, viewer)).code).toBe(40300);
    const { data } = await ok(t, personnel.sampleList, {}, admin);
    expect((await invoke(t, fieldFormCalls.customer_info.sampleEdit, { id: data[0]!.id, values: {} }, admin)).code).toBe(40400);
  });

  it('takes a unique value once when two saves race', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => invoke(t, personnel.sampleAdd, { values: person(`并发${i}`, '13900139000') }, admin)),
    );
    expect(answers.map((a) => a.code).sort()).toEqual([20000, 40900, 40900, 40900]);
  });

  it('exports the previews the filters match, a column per field, picked records by name, in the asked language; audited', async () => {
    const form = fieldFormCalls.customer_info;
    // 负责人 (single_user) and 拜访记录 (a detail table picking staff) were added above.
    const [owner] = (await ok(t, fieldLookupCalls.lookup, { type: 'single_user', ids: [someone] }, admin)).items;
    const [industry] = (await ok(t, fieldLookupCalls.lookup, { type: 'industry', ids: [2] }, admin)).items;
    await ok(t, form.sampleAdd, { values: { customer_name: '导出客户', owner: someone, industry: [2], visits: [{ visitor: [someone] }], contact_mobile: '13800138000,13900139000' } }, admin);
    await ok(t, form.sampleAdd, { values: { customer_name: '另一个客户' } }, admin);
    const definitions = (await ok(t, form.definitionList, {}, admin)).filter((d) => d.type !== 'desc_text' && d.type !== 'title_divider');

    const sheetOf = async (language: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url: form.sampleExport.path, payload, headers: { 'x-token': admin, 'accept-language': language } });
      expect(res.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      workbook.worksheets[0]!.eachRow((row) => rows.push(Array.from({ length: definitions.length + 1 }, (_, i): unknown => row.getCell(i + 1).value ?? '')));
      return { rows, count: res.headers[EXPORT_ROWS_HEADER] };
    };
    const filters = [{ key: 'customer_name', operator: 'contains', value: '导出' }];
    const zh = await sheetOf('zh-CN', { filters });
    expect(zh.count).toBe('1');
    expect(zh.rows[0]).toEqual([...definitions.map((d) => d.label['zh-CN']), '保存人']);
    const cell = (key: string) => zh.rows[1]![definitions.findIndex((d) => d.key === key)];
    expect(cell('customer_name')).toBe('导出客户');
    expect(cell('owner')).toBe(owner!.name);
    expect(cell('industry')).toBe(industry!.name);
    expect(cell('visits')).toBe(`拜访人：${owner!.name}`);
    expect(cell('contact_mobile')).toBe('13800138000,13900139000');
    // The last column names who saved the preview: a sign-in account.
    expect(zh.rows[1]!.at(-1)).toBe('超级管理员');
    const en = await sheetOf('en-US', {});
    expect(en.rows[0]).toEqual([...definitions.map((d) => d.label['en-US']), 'Saved by']);
    expect(en.rows.length).toBe(3);

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'field.sample.export')).orderBy(auditLog.id);
    expect(entry?.detail).toMatchObject({ filter: { filters }, rows: 1 });
    const viewer = await signInWith(t, ['field.customer_info.view']);
    const res = await t.app.inject({ method: 'POST', url: form.sampleExport.path, payload: {}, headers: { 'x-token': viewer } });
    expect(res.statusCode).toBe(200);
    expect((await invoke(t, form.sampleExport, { sort: 'nope' }, admin)).code).toBe(40000);
  });
});

import {
  businessPackage,
  businessResource,
  type CallBody,
  decodeFieldPermission,
  departmentCalls,
  encodeFieldPermission,
  FIELD_FORM_DEFINITION_CHARS_MAX,
  FIELD_FORM_NAMES,
  FIELD_PERMISSION_FLAGS,
  fieldDefinition,
  fieldDefinitionChars,
  fieldFormCalls,
  type FieldPermissionFlag,
  personnelCalls,
} from '@juqi/contract';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, merchant, orders } from '../src/lib/db/schema';
import { FieldRepository } from '../src/modules/field/repository';
import { seedAgencies } from '../src/modules/agency/seed';
import { insertUser } from './helpers/users';
import { DEFAULT_FIELDS } from '../src/modules/field/seed';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectError, expectRefused, invoke, invokeUnchecked, ok, signInAsAdmin, signInWith } from './helpers/auth';
import { fieldInputs, keyOf, LAYOUT, SAMPLES, VALUE_TYPES, validValues } from './helpers/field-fixtures';
import { ACTIVITY_COLUMNS, changedTables, JOURNAL_TABLES, snapshotDatabase } from './helpers/snapshot';

/** Admin-defined fields: each form's definitions under their permission bytes, and records' values checked by them. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
});
afterAll(() => t?.close());

const info = fieldFormCalls.customer_info;
const product = fieldFormCalls.product_info;
const label = (zh: string) => ({ 'zh-CN': zh, 'en-US': zh });
const snapshot = () => snapshotDatabase(t.database.db, { exceptTables: JOURNAL_TABLES, exceptColumns: ACTIVITY_COLUMNS });
const list = (calls = info) => ok(t, calls.definitionList, {}, admin);
const byKey = async (key: string, calls = info) => (await list(calls)).find((r) => r.key === key)!;
const auditOf = (id: number) =>
  t.database.db
    .select({ action: auditLog.action, detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.target, `field.definition:${id}`)))
    .orderBy(auditLog.id);

/** A definition made with a byte staff cannot give (as the seed makes system fields), straight in the table. */
async function addWithByte(off: FieldPermissionFlag[], key: string): Promise<number> {
  const byte = encodeFieldPermission(Object.fromEntries(FIELD_PERMISSION_FLAGS.map((f) => [f, !off.includes(f)])) as Record<FieldPermissionFlag, boolean>);
  const definition = fieldDefinition.parse({
    key,
    type: 'select',
    label: label(`受限 ${key}`),
    options: [{ value: 'a', label: label('甲') }, { value: 'b', label: label('乙') }],
    default: 'a',
    sort: 500,
    permission: byte,
  });
  return new FieldRepository(t.database.db).add('customer_info', definition);
}

describe('the forms’ default fields', () => {
  it('seeds each form with its default set in order, system fields locked against delete and rename', async () => {
    for (const form of FIELD_FORM_NAMES) {
      const rows = await list(fieldFormCalls[form]);
      expect(rows.map((r) => r.key), form).toEqual(DEFAULT_FIELDS[form].map((d) => d.key));
      expect(rows.map((r) => r.sort)).toEqual(rows.map((_, i) => i));
    }
    const [name] = await list();
    expect(name).toMatchObject({ key: 'customer_name', type: 'text', label: { 'zh-CN': '客户名称', 'en-US': 'Customer name' }, required: true, hidden: false });
    expect(decodeFieldPermission(name!.permission)).toMatchObject({ nameEdit: false, deleteEdit: false, nullEdit: false, defaultEdit: true, hiddenEdit: true });
  });
});

describe('definitions', () => {
  it('adds, edits, orders and deletes a field, each write audited', async () => {
    const { id } = await ok(t, info.definitionAdd, { key: 'level', type: 'select', label: label('客户等级'), options: [{ value: 1, label: label('一级') }, { value: 2, label: label('二级') }] }, admin);
    let rows = await list();
    // Last, with every flag on.
    expect(rows.at(-1)).toMatchObject({ id, key: 'level', required: false, unique: false, hidden: false, permission: 255, sort: rows.length - 1 });

    await ok(t, info.definitionEdit, { id, label: label('客户级别'), default: '2', required: true, key: 'level', type: 'select' }, admin);
    expect((await list()).find((r) => r.id === id)).toMatchObject({ label: label('客户级别'), default: 2, required: true });
    // Left out keeps; null clears the default.
    await ok(t, info.definitionEdit, { id, default: null }, admin);
    const edited = (await list()).find((r) => r.id === id)!;
    expect(edited.default).toBeUndefined();
    expect(edited.required).toBe(true);

    // The new field first, and the first of the others moved to the end.
    const [head, ...tail] = rows.filter((r) => r.id !== id).map((r) => r.id);
    const order = [id, ...tail, head!];
    await ok(t, info.definitionSort, { ids: order }, admin);
    rows = await list();
    expect(rows.map((r) => r.id)).toEqual(order);

    await ok(t, info.definitionDel, { id }, admin);
    expect((await list()).some((r) => r.id === id)).toBe(false);
    expect((await auditOf(id)).map((e) => e.action)).toEqual(['field.definition.add', 'field.definition.edit', 'field.definition.edit', 'field.definition.delete']);
    const [, firstEdit] = await auditOf(id);
    expect(firstEdit!.detail).toMatchObject({ before: { name: '客户等级', required: false }, after: { name: '客户级别', required: true, default: 2 } });
    const [sorted] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'field.definition.sort'));
    expect(sorted).toMatchObject({ target: 'field.form:customer_info', detail: { after: { keys: order.map((i) => rows.find((r) => r.id === i)!.key) } } });
  });

  it('refuses a taken key (40900), a reserved one and bad definitions (40000), naming the field, changing nothing', async () => {
    const before = await snapshot();
    expect(expectError(await invoke(t, info.definitionAdd, { key: 'contact_name', type: 'text', label: label('联系人2') }, admin), 40900)).toEqual({ field: 'key' });
    // The same key in another form is another field.
    for (const key of ['id', 'page', 'limit', 'sort', 'order', 'keyword', 'updated_at', 'created_at'])
      expectRefused(await invoke(t, info.definitionAdd, { key, type: 'text', label: label('保留') }, admin), 'key', info.definitionAdd);
    const bad: [unknown, string][] = [
      [{ key: 'Bad-Key', type: 'text', label: label('甲') }, 'key'],
      [{ key: 'kind', type: 'select', label: label('类型') }, 'options'],
      [{ key: 'kind', type: 'nope', label: label('类型') }, 'type'],
      [{ key: 'kind', type: 'text', label: { 'zh-CN': '类型' } }, 'label.en-US'],
      [{ key: 'kind', type: 'number', label: label('数量'), default: 'many' }, 'default'],
      [{ key: 'kind', type: 'title_divider', label: label('分隔'), required: true }, 'required'],
      // Staff do not set the byte, nor the order of a new field.
      [{ key: 'kind', type: 'text', label: label('类型'), permission: 0 }, 'permission'],
      [{ key: 'kind', type: 'text', label: label('类型'), sort: 3 }, 'sort'],
    ];
    for (const [body, field] of bad) {
      const refused = await invokeUnchecked(t, info.definitionAdd, body, admin);
      expect(`${expectError(refused, 40000).field} ${refused.message}`, JSON.stringify(body)).toContain(field);
    }
    expect(changedTables(before, await snapshot())).toEqual([]);
    expect((await ok(t, product.definitionAdd, { key: 'contact_name', type: 'text', label: label('联系人') }, admin)).id).toBeGreaterThan(0);
  });

  it('takes options named in Chinese alone (an English name is optional) and answers them as given', async () => {
    const options = [{ value: 'online', label: { 'zh-CN': '线上' } }, { value: 'offline', label: { 'zh-CN': '线下', 'en-US': 'In person' } }];
    const { id } = await ok(t, info.definitionAdd, { key: 'sales_channel', type: 'select', label: label('渠道'), options }, admin);
    expect((await list()).find((r) => r.id === id)!.options).toEqual(options);
    await ok(t, info.definitionDel, { id }, admin);
  });

  it('keeps a field’s key and type once made (40000), and refuses an edit, delete or order of a field of another form (40400)', async () => {
    const name = await byKey('customer_name');
    expectRefused(await invoke(t, info.definitionEdit, { id: name!.id, type: 'textarea' }, admin), 'type', info.definitionEdit);
    expectRefused(await invoke(t, info.definitionEdit, { id: name!.id, key: 'title' }, admin), 'key', info.definitionEdit);
    expectRefused(await invoke(t, info.definitionEdit, { id: name!.id, extend_quantity_min: 3, extend_quantity_max: 2 }, admin), 'extend_quantity_min', info.definitionEdit);
    const [productName] = await list(product);
    expect((await invoke(t, info.definitionEdit, { id: productName!.id, hidden: true }, admin)).code).toBe(40400);
    expect((await invoke(t, info.definitionDel, { id: productName!.id }, admin)).code).toBe(40400);
    const ids = (await list()).map((r) => r.id);
    expectRefused(await invoke(t, info.definitionSort, { ids: ids.slice(1) }, admin), 'ids', info.definitionSort);
    expectRefused(await invoke(t, info.definitionSort, { ids: [...ids.slice(1), productName!.id] }, admin), 'ids', info.definitionSort);
    expectRefused(await invoke(t, info.definitionSort, { ids: [...ids, ids[0]!] }, admin), 'ids', info.definitionSort);
  });
});

describe('the permission byte', () => {
  it('refuses to delete or rename a seeded system field, or change whether it is required (40300 naming it); other changes pass', async () => {
    const name = await byKey('customer_name');
    const before = await snapshot();
    expect(expectError(await invoke(t, info.definitionDel, { id: name!.id }, admin), 40300)).toEqual({ field: 'id' });
    expect(expectError(await invoke(t, info.definitionEdit, { id: name!.id, label: label('公司名称') }, admin), 40300)).toEqual({ field: 'label' });
    expect(expectError(await invoke(t, info.definitionEdit, { id: name!.id, required: false }, admin), 40300)).toEqual({ field: 'required' });
    const english = await invoke(t, info.definitionDel, { id: name!.id }, admin, { headers: { 'accept-language': 'en-US' } });
    expect(english.message).toBe('This field cannot be deleted');
    expect(changedTables(before, await snapshot())).toEqual([]);
    // Sending what it already holds is no change; a flag that is on lets its change through.
    await ok(t, info.definitionEdit, { id: name!.id, label: { 'zh-CN': ' 客户名称 ', 'en-US': 'Customer name' }, required: true, extend_quantity_max: 2 }, admin);
    expect(await byKey('customer_name')).toMatchObject({ label: { 'zh-CN': '客户名称', 'en-US': 'Customer name' }, required: true, extend_quantity_max: 2 });
  });

  const changes: Partial<Record<FieldPermissionFlag, [string, Omit<CallBody<typeof info.definitionEdit>, 'id'>]>> = {
    nameEdit: ['label', { label: label('新名称') }],
    defaultEdit: ['default', { default: 'b' }],
    nullEdit: ['required', { required: true }],
    uniqueEdit: ['unique', { unique: true }],
    hiddenEdit: ['hidden', { hidden: true }],
    optionsEdit: ['options', { options: [{ value: 'a', label: label('甲') }, { value: 'b', label: label('乙') }, { value: 'c', label: label('丙') }] }],
  };

  it.each(Object.entries(changes))('%s off refuses that change alone (40300 naming %s)', async (flag, [property, change]) => {
    const id = await addWithByte([flag as FieldPermissionFlag], `locked_${property}`);
    const before = await snapshot();
    expect(expectError(await invoke(t, info.definitionEdit, { id, ...change }, admin), 40300)).toEqual({ field: property });
    expect(changedTables(before, await snapshot())).toEqual([]);
    // Every other change is allowed.
    for (const [other, [, otherChange]] of Object.entries(changes)) if (other !== flag) await ok(t, info.definitionEdit, { id, ...otherChange }, admin);
    await ok(t, info.definitionDel, { id }, admin);
  });

  it('lets through every change when only percentEdit is off (the spec gives it no meaning), and deleteEdit off refuses the delete alone', async () => {
    const id = await addWithByte(['percentEdit'], 'locked_percent');
    for (const [, change] of Object.values(changes)) await ok(t, info.definitionEdit, { id, ...change }, admin);
    await ok(t, info.definitionDel, { id }, admin);
    const kept = await addWithByte(['deleteEdit'], 'locked_delete');
    for (const [, change] of Object.values(changes)) await ok(t, info.definitionEdit, { id: kept, ...change }, admin);
    expect(expectError(await invoke(t, info.definitionDel, { id: kept }, admin), 40300)).toEqual({ field: 'id' });
  });
});

describe('permissions', () => {
  it('refuses staff without the form’s operation (40300), and a viewer’s changes', async () => {
    const infoEditor = await signInWith(t, ['field.customer_info.view', 'field.customer_info.edit']);
    expect((await ok(t, info.definitionList, {}, infoEditor)).length).toBeGreaterThan(0);
    expect((await invoke(t, product.definitionList, {}, infoEditor)).code).toBe(40300);
    expect((await invoke(t, product.valuesCheck, { values: {} }, infoEditor)).code).toBe(40300);
    expect((await invoke(t, product.definitionAdd, { key: 'color', type: 'text', label: label('颜色') }, infoEditor)).code).toBe(40300);

    const viewer = await signInWith(t, ['field.product_info.view']);
    const before = await snapshot();
    expect((await ok(t, product.definitionList, {}, viewer)).length).toBeGreaterThan(0);
    expect((await invoke(t, product.definitionAdd, { key: 'color', type: 'text', label: label('颜色') }, viewer)).code).toBe(40300);
    const [first] = await list(product);
    expect((await invoke(t, product.definitionDel, { id: first!.id }, viewer)).code).toBe(40300);
    expect((await invoke(t, product.definitionSort, { ids: [first!.id] }, viewer)).code).toBe(40300);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });
});

describe('bounds and patterns', () => {
  it('takes length and number bounds from staff, checks values by them and clears one with null; patterns are refused', async () => {
    const form = fieldFormCalls.personnel_info;
    const { id } = await ok(t, form.definitionAdd, { key: 'nickname', type: 'text', label: label('昵称'), max_length: 4 }, admin);
    const values = { name: '张三', mobile: '13800138000' };
    const tooLong = await invoke(t, form.valuesCheck, { values: { ...values, nickname: '五个字昵称' } }, admin);
    expect(expectError(tooLong, 40000)).toEqual({ field: 'nickname', fields: [{ field: 'nickname', label: '昵称', message: '最多 4 个字符' }] });
    expect(tooLong.message).toBe('昵称：最多 4 个字符');
    await ok(t, form.definitionEdit, { id, max_length: null }, admin);
    expect(await ok(t, form.valuesCheck, { values: { ...values, nickname: '五个字昵称' } }, admin)).toMatchObject({ nickname: '五个字昵称' });
    await ok(t, form.definitionAdd, { key: 'age', type: 'number', label: label('年龄'), min: 16, max: 70 }, admin);
    expect(expectError(await invoke(t, form.valuesCheck, { values: { ...values, age: 12 } }, admin), 40000)).toEqual({ field: 'age', fields: [{ field: 'age', label: '年龄', message: '不能小于 16' }] });

    const before = await snapshot();
    const patterned = await invokeUnchecked(t, form.definitionAdd, { key: 'code', type: 'text', label: label('编码'), pattern: '^(a+)+$' }, admin);
    expectRefused(patterned, 'pattern');
    const column = { key: 'rows', type: 'detail_table', label: label('明细'), sub_fields: [{ key: 'c', type: 'text', label: label('列'), pattern: '^a$' }] };
    expectRefused(await invokeUnchecked(t, form.definitionAdd, column, admin), 'sub_fields.0.pattern', form.definitionAdd);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });
});

type NewField = CallBody<typeof product.definitionAdd>;
const optionsOf = (count: number, text = (i: number) => `选项${i}`) => Array.from({ length: count }, (_, i) => ({ value: `v${i}`, label: label(text(i)) }));
/** A select whose options' names are near their 50 characters: about 150 characters of JSON an option. */
const wideSelect = (key: string, count: number): NewField => ({ key, type: 'select', label: label(key), options: optionsOf(count, (i) => `${'长'.repeat(45)}${i}`) });
const charsOf = (definition: object) => fieldDefinitionChars(fieldDefinition.parse(definition));
const storedChars = async () => (await list(product)).reduce((sum, { id: _id, updated_at: _updated, ...stored }) => sum + charsOf(stored), 0);
const refusedAt = async (body: object) => expectError(await invokeUnchecked(t, product.definitionAdd, body, admin), 40000).field;

describe('sizes', () => {

  it('bounds a definition’s options in all, its default and its whole size, naming the property (40000), changing nothing', async () => {
    const before = await snapshot();
    // Three parents of 67 children: each list within 200, 204 options in all.
    const cascader = optionsOf(3).map((parent, i) => ({ ...parent, children: optionsOf(67).map((child) => ({ ...child, value: `${i}-${child.value}` })) }));
    expect(await refusedAt({ key: 'region', type: 'cascader', label: label('区域'), options: cascader })).toBe('options');
    const selectColumn = (key: string) => ({ key, type: 'select', label: label(key), options: optionsOf(101) });
    expect(await refusedAt({ key: 'lines', type: 'detail_table', label: label('明细'), sub_fields: [selectColumn('a'), selectColumn('b')] })).toBe('sub_fields');
    const notes: NewField = { key: 'notes', type: 'detail_table', label: label('备注表'), sub_fields: [{ key: 'note', type: 'textarea', label: label('备注') }] };
    expect(await refusedAt({ ...notes, default: [{ note: '很'.repeat(2000) }, { note: '很'.repeat(2000) }] })).toBe('default');
    expect(await refusedAt(wideSelect('wide', 200))).toBe('options');
    expect(changedTables(before, await snapshot())).toEqual([]);
    // Within every bound.
    await ok(t, product.definitionAdd, { ...notes, default: [{ note: '很'.repeat(1900) }] }, admin);
    await ok(t, product.definitionDel, { id: (await byKey('notes', product)).id }, admin);
  });

  it('bounds the characters of a form’s definitions together (40000 naming key), yet takes an edit that does not grow a field', async () => {
    const added: number[] = [];
    let total = await storedChars();
    /** Adds fields `make` describes while the form has room for them. */
    const fill = async (make: (i: number) => NewField) => {
      for (let i = 0; total + charsOf(make(i)) <= FIELD_FORM_DEFINITION_CHARS_MAX; i++) {
        added.push((await ok(t, product.definitionAdd, make(i), admin)).id);
        total += charsOf(make(i));
      }
    };
    // Ten or so of 18,000 characters, then small ones to the brim.
    await fill((i) => wideSelect(`wide_${i}`, 120));
    expect(added.length).toBeLessThan(12);
    await fill((i) => wideSelect(`narrow_${i}`, 5));
    const refused = await invokeUnchecked(t, product.definitionAdd, wideSelect('one_more', 5), admin);
    expectRefused(refused, 'key');
    expect(refused.message).toContain(String(FIELD_FORM_DEFINITION_CHARS_MAX));
    // Growing a field of the full form is refused; shrinking one, or changing it within its size, is taken.
    const [first] = added;
    expectRefused(await invokeUnchecked(t, product.definitionEdit, { id: first, options: wideSelect('x', 130).options }, admin), 'key', product.definitionEdit);
    await ok(t, product.definitionEdit, { id: first!, label: label('wide_x') }, admin);
    await ok(t, product.definitionEdit, { id: first!, options: optionsOf(3) }, admin);
    for (const id of added) await ok(t, product.definitionDel, { id }, admin);
  });
});

describe('a record’s values', () => {
  const form = fieldFormCalls.customer_register;
  /** The seeded required fields of 客户注册 besides the 35. */
  const seeded = { company_name: '  巨奇科技  ', contact_name: '王五', mobile: ' 13800138000 ' };

  beforeAll(async () => {
    for (const input of fieldInputs) await ok(t, form.definitionAdd, input, admin);
    // The structure field's sample picks departments 1 and 2 of a fresh database, the people pickers staff records 1 and 2.
    for (const name of ['总经办', '市场部']) await ok(t, departmentCalls.add, { name, parent_id: 0 }, admin);
    for (const [name, mobile] of [['张三', '13700137101'], ['李四', '13700137102']]) await ok(t, personnelCalls.add, { name: name!, mobile: mobile!, status: 'regular' }, admin);
    // The business field's sample picks businesses 1 and 2.
    for (const name of ['短视频代运营', '企业官网建设']) await ok(t, businessResource.calls.add!, { name }, admin);
    // The customer and merchant fields' samples pick customers 1 and 2, of an agency.
    const { id: agencyId } = await insertUser(t, { name: '字段样例代理', typeUser: 1 });
    await seedAgencies({ db: t.database.db, log: pino({ level: 'silent' }), demo: false });
    // Written directly: this file's earlier tests leave 客户信息设置 with fields of their own, unique ones among them.
    const customers = await t.database.db
      .insert(merchant)
      .values(['样例客户甲', '样例客户乙'].map((name) => ({ agencyId, extra: { customer_name: name }, source: 'staff' as const, createdAt: new Date() })))
      .returning({ id: merchant.id });
    // The contract field's sample picks orders 1 and 2: two awaiting payment, written directly as the customers are.
    const pkg = await ok(t, businessPackage.calls.add!, { business_id: 1, name: '样例套餐', price: 99_900, duration_days: 30, quota: 0, description: '', sort: 0, enabled: true }, admin);
    await t.database.db.insert(orders).values(
      customers.map(({ id }, i) => ({
        orderNo: `OD2026030100000000000${i + 1}`,
        agencyId,
        merchantId: id,
        businessId: 1,
        packageId: pkg.id,
        businessName: '短视频代运营',
        packageName: '样例套餐',
        price: 99_900,
        durationDays: 30,
        quota: 0,
        payBy: 'agency' as const,
        amount: 99_900,
        discountBp: 10_000,
        commissionRateBp: 0,
        state: 'created' as const,
        source: 'staff' as const,
        createdAt: new Date(),
      })),
    );
  });

  it('accepts a record with one field of each type, and answers it cleaned', async () => {
    const values = { ...seeded, ...validValues() };
    const checked = await ok(t, form.valuesCheck, { values }, admin);
    expect(checked).toMatchObject({ company_name: '巨奇科技', mobile: '13800138000', f_datetime: '2026-03-01T01:30:00.000Z', f_number: 12 });
    for (const type of VALUE_TYPES) expect(checked[keyOf(type)], type).toEqual(SAMPLES[type].valid);
    for (const type of LAYOUT) expect(checked).not.toHaveProperty(keyOf(type));
    // Left-out fields are empty, as null; the server function answers the same.
    expect(await ok(t, form.valuesCheck, { values: seeded }, admin)).toMatchObject({ f_text: null, f_pic: null, source: null });
    expect(await t.app.access.fields!.check('customer_register', values)).toEqual(checked);
  });

  it.each([...VALUE_TYPES, ...LAYOUT])('refuses a bad %s value with 40000 naming its key', async (type) => {
    const values = { ...seeded, ...validValues(), [keyOf(type)]: SAMPLES[type].invalid };
    const refused = await invoke(t, form.valuesCheck, { values }, admin);
    // Named by its definition's label; a detail table's cell by its row and column too.
    const named = expectError(refused, 40000).fields?.[0];
    expect(named).toMatchObject({ field: keyOf(type), label: expect.stringMatching(new RegExp(`^字段 ${type}( |$)`)) });
    expect(expectRefused(refused, keyOf(type), named!.label)).toMatchObject({ field: keyOf(type) });
  });

  it('enforces required fields, refuses keys the form has no field for, fills defaults, and never requires a hidden field', async () => {
    const { company_name: _left, ...withoutName } = seeded;
    const required = [{ field: 'company_name', label: '企业名称', message: '必填' }];
    expect(expectError(await invoke(t, form.valuesCheck, { values: withoutName }, admin), 40000)).toEqual({ field: 'company_name', fields: required });
    expect(expectError(await invoke(t, form.valuesCheck, { values: { ...seeded, company_name: '   ' } }, admin), 40000)).toEqual({ field: 'company_name', fields: required });
    const unknownKey = await invoke(t, form.valuesCheck, { values: { ...seeded, nickname: 'x' } }, admin);
    expect(unknownKey).toMatchObject({ message: 'nickname：不接受此字段', data: { field: 'nickname', fields: [{ field: 'nickname', label: 'nickname', message: '不接受此字段' }] } });
    // Every bad value is told at once.
    const both = await invoke(t, form.valuesCheck, { values: { ...withoutName, nickname: 'x' } }, admin);
    expect(expectError(both, 40000).fields?.map((f) => f.field).sort()).toEqual(['company_name', 'nickname']);

    const rows = await list(form);
    const contact = rows.find((r) => r.key === 'contact_name')!;
    const { contact_name: _contact, ...withoutContact } = seeded;
    expectRefused(await invoke(t, form.valuesCheck, { values: withoutContact }, admin), 'contact_name', '联系人');
    await ok(t, form.definitionEdit, { id: contact.id, hidden: true }, admin);
    expect(await ok(t, form.valuesCheck, { values: withoutContact }, admin)).toMatchObject({ contact_name: null });
    await ok(t, form.definitionEdit, { id: contact.id, hidden: false, default: '未填写' }, admin);
    expect(await ok(t, form.valuesCheck, { values: withoutContact }, admin)).toMatchObject({ contact_name: '未填写' });
    // An explicit empty value is not left out: the default does not stand in for it.
    expectRefused(await invoke(t, form.valuesCheck, { values: { ...withoutContact, contact_name: null } }, admin), 'contact_name', '联系人');
  });
});

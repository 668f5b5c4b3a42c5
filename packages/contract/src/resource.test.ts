import { describe, expect, it } from 'vitest';
import { fieldDefinition } from './field-types';
import { defineResource, defaultOf, resourceCalls, resourceFieldDefinition, type FilterOperator, type ResourceDeclaration, type ResourceField } from './resource';

const zh = (text: string) => ({ 'zh-CN': text, 'en-US': text });

/** The declaration the tests vary (spread into new declarations); `platform` is it declared. */
const declared = {
  module: 'case',
  thing: 'platform',
  menu: '/permission/case/platform',
  label: { 'zh-CN': '案例平台', 'en-US': 'Case platform' },
  operations: { view: 'case.platform.view', add: 'case.platform.edit', edit: 'case.platform.edit', delete: 'case.platform.edit' },
  fields: {
    name: { kind: 'text', label: zh('名称'), max: 30, required: true, unique: true },
    kind: { kind: 'select', label: zh('类型'), options: [{ value: 1, label: zh('视频') }, { value: 2, label: zh('图文') }], default: 1 },
    fans: { kind: 'number', label: zh('粉丝'), min: 0, max: 1_000_000 },
    since: { kind: 'date', label: zh('上线日期') },
    remark: { kind: 'textarea', label: zh('备注'), max: 200 },
    colour: { kind: 'text', label: zh('颜色'), max: 7, pattern: /^#[0-9a-fA-F]{6}$/ },
    sort: { kind: 'sort', label: zh('排序') },
    enabled: { kind: 'boolean', label: zh('启用'), default: true },
  },
  columns: ['name', 'kind', 'sort', 'enabled', 'updated_at'],
  keyword: ['name'],
  filters: { kind: 'in', enabled: 'equals', fans: 'range', since: 'range' },
  order: { by: 'sort', direction: 'asc' },
} as const satisfies ResourceDeclaration<Record<string, ResourceField>>;
const platform = defineResource(declared);
const { list, details, add, edit } = platform.calls;

describe('defineResource', () => {
  it('yields the calls in the spec’s path style, each under its operation', () => {
    expect(Object.values(platform.calls).map((call) => [call.path, call.permission])).toEqual([
      ['/api/case/platform_list', { operation: 'case.platform.view' }],
      ['/api/case/platform_details', { operation: 'case.platform.view' }],
      ['/api/case/platform_add', { operation: 'case.platform.edit' }],
      ['/api/case/platform_edit', { operation: 'case.platform.edit' }],
      ['/api/case/platform_del', { operation: 'case.platform.edit' }],
    ]);
    expect(Object.keys(resourceCalls(platform))).toEqual(['platformList', 'platformDetails', 'platformAdd', 'platformEdit', 'platformDelete']);
  });

  it('offers no call for an operation the declaration leaves out', () => {
    const types = defineResource({ ...declared, thing: 'type', operations: { view: 'case.platform.view', edit: 'case.platform.edit' } });
    expect(Object.keys(types.calls)).toEqual(['list', 'details', 'edit']);
  });

  it('checks a list’s filters by their field kinds, and refuses what it does not know', () => {
    const body = { keyword: ' 抖音 ', kind: [1, 2], enabled: false, fans: [10, 100], since: ['2026-01-01', '2026-01-31'] };
    expect(list.body!.parse(body)).toEqual({ ...body, keyword: '抖音', page: 1, limit: 20 });
    for (const bad of [{ kind: [3] }, { fans: [100, 10] }, { since: ['2026-02-30', '2026-03-01'] }, { remark: 'x' }, { sort: 'remark' }, { limit: 500 }]) {
      expect(list.body!.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('requires required fields on add, keeps left-out fields on edit, and never lets a required one be cleared', () => {
    expect(add!.body!.safeParse({}).success).toBe(false);
    expect(add!.body!.safeParse({ name: '   ' }).success).toBe(false);
    expect(add!.body!.parse({ name: ' 抖音 ', fans: '12' })).toEqual({ name: '抖音', fans: 12 });
    expect(add!.body!.safeParse({ name: 'x'.repeat(31) }).success).toBe(false);
    expect(add!.body!.safeParse({ name: 'a', unknown: 1 }).success).toBe(false);
    expect(edit!.body!.parse({ id: 3, remark: null })).toEqual({ id: 3, remark: null });
    expect(edit!.body!.safeParse({ id: 3, name: null }).success).toBe(false);
    expect(edit!.body!.safeParse({ name: 'a' }).success).toBe(false);
  });

  it('requires a required date or select that has nothing to fall back on, and refuses year 0000', () => {
    const booking = defineResource({
      ...declared,
      fields: { day: { kind: 'date', label: zh('日期'), required: true }, kind: { kind: 'select', label: zh('类型'), options: [{ value: 1, label: zh('节假日') }], required: true } },
      columns: ['day'],
      keyword: [],
      filters: {},
      order: { by: 'id', direction: 'asc' },
    });
    const body = booking.calls.add!.body!;
    expect(body.safeParse({ day: '2026-10-01', kind: 1 }).success).toBe(true);
    expect(body.safeParse({ kind: 1 }).error?.issues[0]?.path).toEqual(['day']);
    expect(body.safeParse({ day: '2026-10-01' }).error?.issues[0]?.path).toEqual(['kind']);
    expect(body.safeParse({ day: '0000-01-01', kind: 1 }).success).toBe(false);
    expect(body.safeParse({ day: '0001-01-01', kind: 1 }).success).toBe(true);
  });

  it('holds a text field to its pattern, an empty value aside', () => {
    const body = { name: 'x' };
    expect(add!.body!.safeParse({ ...body, colour: '#1677FF' }).success).toBe(true);
    expect(add!.body!.safeParse({ ...body, colour: '' }).success).toBe(true);
    const refused = add!.body!.safeParse({ ...body, colour: 'blue' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['colour']);
  });

  it('takes rich text as markup up to its length, and refuses a required one holding no text', () => {
    const article = defineResource({ ...declared, fields: { body: { kind: 'richtext', label: zh('正文'), max: 40, required: true } }, columns: ['body'], keyword: [], filters: {}, order: { by: 'id', direction: 'asc' } });
    const body = article.calls.add!.body!;
    expect(body.safeParse({ body: '<p>你好<strong>世界</strong></p>' }).success).toBe(true);
    expect(body.safeParse({ body: '<p> &nbsp;</p><p></p>' }).success).toBe(false);
    expect(body.safeParse({ body: `<p>${'字'.repeat(40)}</p>` }).success).toBe(false);
    // Neither sortable nor searchable: the list does not order by markup.
    expect(article.calls.list.body!.safeParse({ sort: 'body' }).success).toBe(false);
  });

  it('answers rows with every field, nullable unless required or always set', () => {
    const row = { id: 1, name: '抖音', kind: 1, fans: null, since: null, remark: null, colour: null, sort: 0, enabled: true, updated_at: '2026-01-01T00:00:00.000Z' };
    expect(details.data.parse(row)).toEqual(row);
    expect(details.data.safeParse({ ...row, name: null }).success).toBe(false);
    expect(details.data.safeParse({ ...row, enabled: null }).success).toBe(false);
  });

  it('fills left-out fields on add with their defaults', () => {
    const fields: Record<string, ResourceField> = platform.fields;
    expect(Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, defaultOf(field)]))).toEqual({
      name: undefined,
      kind: 1,
      fans: null,
      since: null,
      remark: '',
      colour: '',
      sort: 0,
      enabled: true,
    });
  });

  it('refuses a declaration whose filter or keyword does not fit its field', () => {
    expect(() => defineResource({ ...declared, filters: { remark: 'equals' } })).toThrow(/remark cannot be filtered by equals/);
    expect(() => defineResource({ ...declared, filters: { enabled: 'range' } })).toThrow(/enabled cannot be filtered by range/);
    // The registry offers contains on a text; the lists' SQL does not answer it (yet).
    expect(() => defineResource({ ...declared, filters: { name: 'contains' as FilterOperator } })).toThrow(/name cannot be filtered by contains/);
    expect(() => defineResource({ ...declared, keyword: ['fans'] })).toThrow(/keyword searches text fields, not fans/);
  });

  it('takes a filter’s values as present values of the field’s type', () => {
    for (const bad of [{ enabled: null }, { kind: [] }, { kind: [null] }, { fans: [10, null] }, { enabled: 'yes' }]) {
      expect(list.body!.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(list.body!.parse({ kind: ['1', 2], fans: ['10', 20] })).toMatchObject({ kind: [1, 2], fans: [10, 20] });
  });

  it('takes a blank text that is not required as the empty text the table holds; a cleared one stays null', () => {
    expect(add!.body!.parse({ name: 'x', remark: '  ', colour: '' })).toEqual({ name: 'x', remark: '', colour: '' });
    expect(edit!.body!.parse({ id: 3, remark: null })).toEqual({ id: 3, remark: null });
  });

  it('refuses a number outside its bounds, a display order outside 0–9999, and a text beyond its length', () => {
    for (const bad of [{ fans: -1 }, { fans: 1_000_001 }, { fans: 1.5 }, { sort: 10_000 }, { sort: -1 }, { remark: 'x'.repeat(201) }, { kind: 3 }]) {
      const refused = add!.body!.safeParse({ name: 'x', ...bad });
      expect(refused.success, JSON.stringify(bad)).toBe(false);
      expect(refused.error?.issues[0]?.path).toEqual(Object.keys(bad));
    }
  });
});

describe('resourceFieldDefinition', () => {
  it('gives each field but rich text the definition of its registry type, with its bounds and default', () => {
    const { definitions } = platform;
    expect(Object.fromEntries(Object.entries(definitions).map(([key, definition]) => [key, definition.type]))).toEqual({
      name: 'text',
      kind: 'select',
      fans: 'number',
      since: 'date',
      remark: 'textarea',
      colour: 'text',
      sort: 'number',
      enabled: 'boolean_value',
    });
    expect(definitions.name).toMatchObject({ key: 'name', label: zh('名称'), required: true, unique: true, max_length: 30, permission: 0 });
    expect(definitions.colour).toMatchObject({ required: false, max_length: 7, pattern: '^#[0-9a-fA-F]{6}$' });
    expect(definitions.kind).toMatchObject({ options: [{ value: 1, label: zh('视频') }, { value: 2, label: zh('图文') }], default: 1 });
    expect(definitions.fans).toMatchObject({ min: 0, max: 1_000_000 });
    expect(definitions.fans).not.toHaveProperty('default');
    expect(definitions.sort).toMatchObject({ min: 0, max: 9999, default: 0 });
    expect(definitions.enabled).toMatchObject({ default: true });
    expect(resourceFieldDefinition('rate', { kind: 'number', label: zh('费率'), min: 0, max: 1, integer: false }).type).toBe('floatnumber');
  });

  it('gives money (a number in fen) the number type with its unit, so the registry edits and shows it as yuan', () => {
    const price = resourceFieldDefinition('price', { kind: 'number', unit: 'fen', label: zh('价格'), min: 1, max: 100_000, required: true });
    expect(price).toMatchObject({ type: 'number', unit: 'fen', min: 1, max: 100_000, required: true });
    expect(resourceFieldDefinition('fans', { kind: 'number', label: zh('粉丝'), min: 0, max: 10 })).not.toHaveProperty('unit');
    // Fen are whole: money that is not is refused when the contract loads.
    expect(() => resourceFieldDefinition('price', { kind: 'number', unit: 'fen', integer: false, label: zh('价格'), min: 0, max: 1 })).toThrow(/price: unit only number takes a unit/);
  });

  it('takes and answers money in whole fen on every call', () => {
    const shop = defineResource({
      ...declared,
      fields: { price: { kind: 'number', unit: 'fen', label: zh('价格'), min: 1, max: 100_000, required: true } },
      columns: ['price'],
      keyword: [],
      filters: { price: 'range' },
      order: { by: 'price', direction: 'asc' },
    });
    const { add: addPrice, list: listPrices } = shop.calls;
    expect(addPrice!.body!.parse({ price: 1250 })).toEqual({ price: 1250 });
    for (const bad of [12.5, '12.50', '1250', 0, 100_001]) expect(addPrice!.body!.safeParse({ price: bad }).error?.issues[0]?.path, String(bad)).toEqual(['price']);
    expect(listPrices.body!.parse({ price: [100, 1250] })).toMatchObject({ price: [100, 1250] });
    expect(listPrices.body!.safeParse({ price: [1.5, 1250] }).success).toBe(false);
    expect(shop.calls.details.data.safeParse({ id: 1, price: 1250, updated_at: '2026-01-01T00:00:00.000Z' }).success).toBe(true);
  });

  it('refuses what a definition cannot hold: a pattern with flags, a text longer than its type, bounds out of order', () => {
    expect(() => resourceFieldDefinition('code', { kind: 'text', label: zh('代码'), max: 6, pattern: /^[a-z]+$/i })).toThrow(/code: a pattern takes no flags/);
    expect(() => resourceFieldDefinition('name', { kind: 'text', label: zh('名称'), max: 256 })).toThrow(/name: max_length/);
    expect(() => resourceFieldDefinition('fans', { kind: 'number', label: zh('粉丝'), min: 10, max: 1 })).toThrow(/fans: min/);
    expect(() => defineResource({ ...declared, fields: { ...declared.fields, note: { kind: 'textarea', label: zh('说明'), max: 2001 } } })).toThrow(/case.platform: note: max_length/);
  });

  it('declares a child list by a required reference to its parent, always filtered by the parent with equals', () => {
    const owner = { kind: 'reference', picker: 'business', label: zh('所属业务'), required: true } as const;
    const child = defineResource({ ...declared, thing: 'package', fields: { ...declared.fields, owner }, parent: { key: 'owner', resource: platform } });
    // The parent's filter is there though not declared, beside the declared ones.
    expect(child.filters).toMatchObject({ owner: 'equals', kind: 'in' });
    expect(child.calls.list.body!.parse({ owner: 3 })).toMatchObject({ owner: 3 });
    expect(child.calls.list.body!.safeParse({ owner: 0 }).success).toBe(false);
    expect(child.calls.add!.body!.safeParse({ name: 'a' }).success).toBe(false);

    expect(() => defineResource({ ...declared, fields: { ...declared.fields, owner: { ...owner, required: false } }, parent: { key: 'owner', resource: platform } })).toThrow(/owner is a required reference/);
    expect(() => defineResource({ ...declared, parent: { key: 'name', resource: platform } })).toThrow(/name is a required reference/);
    expect(() => defineResource({ ...declared, fields: { ...declared.fields, owner }, filters: { owner: 'in' }, parent: { key: 'owner', resource: platform } })).toThrow(/filtered by its parent with equals/);
  });

  it('declares a reference to a module’s own records as the one-record picker naming its lookup, which no other type or staff’s field takes', () => {
    const typed = defineResource({ ...declared, fields: { ...declared.fields, type_id: { kind: 'reference', lookup: 'keyword_type', label: zh('类型') } }, filters: { type_id: 'in' } });
    expect(typed.definitions.type_id).toMatchObject({ type: 'single_user', lookup: 'keyword_type' });
    expect(typed.calls.list.body!.parse({ type_id: [2, 3] })).toMatchObject({ type_id: [2, 3] });
    expect(fieldDefinition.safeParse({ key: 'kind', type: 'text', label: zh('类型'), lookup: 'keyword_type' }).error?.issues.map((issue) => issue.path)).toEqual([['lookup']]);
    // The resource naming the lookup's records names them by its first keyword field.
    expect(() => defineResource({ ...declared, keyword: [], names: 'keyword_type' })).toThrow(/names its records by its first keyword field/);
  });

  it('declares states moved by actions: each its own call, the state left out of add and edit, a reason and bulk where declared', () => {
    const stage = { kind: 'select', label: zh('阶段'), options: [1, 2, 3].map((value) => ({ value, label: zh(`阶段${value}`) })), default: 1 } as const;
    const staged = defineResource({
      ...declared,
      fields: { ...declared.fields, stage },
      states: {
        field: 'stage',
        actions: {
          start: { label: zh('开始'), from: [1], to: 2, operation: 'case.platform.edit' },
          drop: { label: zh('放弃'), from: [1, 2], to: 3, operation: 'case.platform.edit', reason: 'required', bulk: true },
        },
      },
    });
    expect(staged.calls.add!.body!.safeParse({ name: 'a', stage: 2 }).success).toBe(false);
    expect(staged.calls.edit!.body!.safeParse({ id: 1, stage: 2 }).success).toBe(false);
    expect(staged.actionCalls.start).toMatchObject({ path: '/api/case/platform_start', permission: { operation: 'case.platform.edit' } });
    expect(staged.actionCalls.start!.body!.safeParse({ id: 3 }).success).toBe(true);
    expect(staged.actionCalls.start!.body!.safeParse({ ids: [3] }).success).toBe(false);
    expect(staged.actionCalls.drop!.body!.parse({ ids: [3, 4], reason: ' 不合适 ' })).toEqual({ ids: [3, 4], reason: '不合适' });
    expect(staged.actionCalls.drop!.body!.safeParse({ ids: [3] }).success).toBe(false);
    expect(staged.actionCalls.drop!.body!.safeParse({ ids: [], reason: 'x' }).success).toBe(false);
    expect(staged.calls.history).toMatchObject({ path: '/api/case/platform_history' });
    expect(Object.keys(resourceCalls(staged))).toEqual(expect.arrayContaining(['platformStart', 'platformDrop', 'platformHistory']));

    const actions = { start: { label: zh('开始'), from: [1], to: 2, operation: 'case.platform.edit' } };
    expect(() => defineResource({ ...declared, states: { field: 'name', actions } })).toThrow(/state field name is a select with a default/);
    expect(() => defineResource({ ...declared, fields: { ...declared.fields, stage }, states: { field: 'stage', actions: { start: { ...actions.start, to: 9 } } } })).toThrow(/start: from and to/);
    expect(() => defineResource({ ...declared, fields: { ...declared.fields, stage }, states: { field: 'stage', actions: { export: actions.start } } })).toThrow(/may not be named export/);
  });
});

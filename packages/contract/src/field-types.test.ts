import { describe, expect, it } from 'vitest';
import {
  ALL_FIELD_PERMISSIONS,
  FIELD_DEFINITION_LIMITS,
  FIELD_OPERATORS,
  FIELD_PERMISSION_FLAGS,
  FIELD_TYPES,
  decodeFieldPermission,
  encodeFieldPermission,
  fieldDefinition,
  fieldDefinitionChars,
  fieldTypeOf,
  fieldTypes,
  fieldValues,
  isFieldType,
  type FieldDefinition,
  type FieldDefinitionInput,
  type FieldType,
  fenAsYuan,
  percentText,
  yuanText,
} from './field-types';
import { chineseOfSaid, issueWords } from './refusals';

const label = { 'zh-CN': '字段', 'en-US': 'Field' };
const both = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const define = (input: Partial<FieldDefinitionInput> & { type: FieldType }): FieldDefinition => fieldDefinition.parse({ key: 'field', label, ...input });
const upload = (ext: string, hex = 'a') => `/uploads/common/2026/01/${hex.repeat(32)}.${ext}`;

const letters = [
  { value: 'a', label: both('甲', 'A') },
  { value: 'b', label: both('乙', 'B') },
];
const regions = [
  { value: 'gd', label: both('广东', 'Guangdong'), children: [{ value: 'sz', label: both('深圳', 'Shenzhen') }, { value: 'gz', label: both('广州', 'Guangzhou') }] },
  { value: 'hk', label: both('香港', 'Hong Kong') },
];
const rowFields = [
  { key: 'item', type: 'text' as const, label: both('物品', 'Item'), required: true },
  { key: 'qty', type: 'number' as const, label: both('数量', 'Quantity') },
];
const place = { province_code: '440000', city_code: '440300', address: '深圳市南山区科技园', lng: 113.93, lat: 22.53, coordinate_system: 'gcj02' };

interface TypeCase {
  /** What the definition adds beside its type. */
  definition?: Partial<FieldDefinitionInput>;
  /** [sent, stored]; a single value is stored as sent. */
  accepts: ([unknown, unknown] | [unknown])[];
  refuses: unknown[];
  /** [stored value, zh-CN text, en-US text]. */
  texts: [unknown, string, string][];
}

const ids: TypeCase = {
  accepts: [[[3, '5'], [3, 5]], [[1]]],
  refuses: [[0], [-1], [1.5], [1, 1], ['x'], 5, 'x'],
  texts: [[[3, 5], '3、5', '3, 5']],
};
const images: TypeCase = {
  accepts: [
    [[{ name: ' 证书.png ', url: upload('png') }], [{ name: '证书.png', url: upload('png') }]],
    [[{ name: 'b.jpg', url: `https://cdn.example.com${upload('jpg')}` }], [{ name: 'b.jpg', url: upload('jpg') }]],
  ],
  refuses: [
    [{ name: 'a.pdf', url: upload('pdf') }],
    [{ name: '', url: upload('png') }],
    [{ url: upload('png') }],
    [upload('png')],
    [{ name: 'x', url: '/etc/passwd' }],
    [{ name: 'x', url: upload('png'), size: 1 }],
    [{ name: 'a', url: upload('png') }, { name: 'b', url: upload('png') }],
  ],
  texts: [[[{ name: 'a.png', url: upload('png') }, { name: 'b.png', url: upload('png', 'b') }], 'a.png、b.png', 'a.png, b.png']],
};
const places: TypeCase = {
  accepts: [[{ ...place, address: ' 深圳市南山区科技园 ' }, place], [{ address: '某地', coordinate_system: 'wgs84' }]],
  refuses: [
    { ...place, coordinate_system: undefined },
    { ...place, coordinate_system: 'baidu' },
    { ...place, lat: undefined },
    { ...place, lat: 91 },
    { ...place, lng: -181 },
    { ...place, city_code: '110100' },
    { ...place, province_code: undefined },
    { ...place, province_code: '44' },
    { ...place, address: ' ' },
    { ...place, district: 'x' },
    '深圳',
  ],
  texts: [
    [place, '深圳市南山区科技园 (113.93, 22.53)', '深圳市南山区科技园 (113.93, 22.53)'],
    [{ address: '某地', coordinate_system: 'wgs84' }, '某地', '某地'],
  ],
};
const layout: TypeCase = { accepts: [[null, null], [undefined, null], ['', null]], refuses: ['x', 1, false], texts: [['x', '', '']] };

/** Every type's accept and refuse cases and its text: the test below fails if a type has none. */
const cases: Record<FieldType, TypeCase> = {
  text: { accepts: [[' 你好 ', '你好'], ['a'.repeat(255)]], refuses: ['a'.repeat(256), 12, {}, ['a']], texts: [['你好', '你好', '你好']] },
  number: { accepts: [[12], ['-3', -3], [0]], refuses: [1.5, 'abc', '1e3', true, [5], 2 ** 53], texts: [[12, '12', '12']] },
  floatnumber: { accepts: [[1.25], [' 3.5 ', 3.5], [-2]], refuses: ['x', true, '1,5'], texts: [[1.25, '1.25', '1.25']] },
  mobile: {
    accepts: [['+86-13800138000'], [' 13800138000 ，010-12345678, ', '13800138000,010-12345678']],
    refuses: ['abc', '1234567', '13800138000,abc', 13800138000],
    texts: [['13800138000,010-12345678', '13800138000,010-12345678', '13800138000,010-12345678']],
  },
  email: {
    accepts: [[' me@qq.com ', 'me@qq.com'], ['a@b.cn,c.d@e-f.org', 'a@b.cn,c.d@e-f.org']],
    refuses: ['a+b@x.com', 'a@b.c', 'a@b.com,x', 'me'],
    texts: [['me@qq.com', 'me@qq.com', 'me@qq.com']],
  },
  date: { accepts: [['2026-02-28'], [' 2024-02-29 ', '2024-02-29']], refuses: ['2026-02-30', '2026/02/28', '2026-2-8', 20260228], texts: [['2026-02-28', '2026-02-28', '2026-02-28']] },
  datetime: {
    accepts: [['2026-03-01T09:30:00+08:00', '2026-03-01T01:30:00.000Z'], ['2026-03-01T01:30:00Z', '2026-03-01T01:30:00.000Z']],
    refuses: ['2026-03-01 09:30:00', '2026-03-01T09:30:00', '2026-03-01', 'x', 1_772_328_600_000],
    // In the platform's default zone, Asia/Shanghai.
    texts: [['2026-03-01T01:30:00.000Z', '2026-03-01 09:30:00', '2026-03-01 09:30:00']],
  },
  user: ids,
  structure: ids,
  contacts: ids,
  customer: ids,
  contract: ids,
  business: ids,
  single_user: { accepts: [[7], ['7', 7]], refuses: [0, -7, [7], 'x', 1.5], texts: [[7, '7', '7']] },
  website: {
    accepts: [['https://example.com/a?b=1'], ['http://a.cn, https://b.cn', 'http://a.cn,https://b.cn']],
    refuses: ['ftp://example.com', 'example.com', 'https://localhost', 'javascript:alert(1)', 'https://exa mple.com'],
    texts: [['https://example.com', 'https://example.com', 'https://example.com']],
  },
  textarea: { accepts: [['第一行\n第二行'], ['a'.repeat(2000)]], refuses: ['a'.repeat(2001), 3], texts: [['第一行\n第二行', '第一行\n第二行', '第一行\n第二行']] },
  select: {
    definition: { options: letters },
    accepts: [['a'], [' b ', 'b']],
    refuses: ['c', 1, ['a']],
    // A value whose option was removed since shows as stored.
    texts: [['a', '甲', 'A'], ['z', 'z', 'z']],
  },
  company_select: ids,
  merchant_select: ids,
  certificate_img: images,
  checkbox: { definition: { options: letters }, accepts: [[['a', 'b']], [['b']]], refuses: [['a', 'a'], ['c'], 'a', [1]], texts: [[['a', 'b'], '甲、乙', 'A, B']] },
  file: {
    accepts: [[[{ name: '合同.pdf', url: upload('pdf') }]], [[{ name: 'a.png', url: upload('png') }]]],
    refuses: [[{ name: 'x', url: '../secret.pdf' }], [{ name: 'x', url: 'https://evil.example.com/a.pdf' }], 'a.pdf'],
    texts: [[[{ name: '合同.pdf', url: upload('pdf') }], '合同.pdf', '合同.pdf']],
  },
  boolean_value: { accepts: [[true], [false]], refuses: ['true', 1, 0], texts: [[true, '是', 'Yes'], [false, '否', 'No']] },
  percent: { accepts: [[12.5], ['99.99', 99.99], [0], [100], [0.29]], refuses: [100.01, -1, 1.234, 'x'], texts: [[12.5, '12.5%', '12.5%']] },
  position: places,
  location: places,
  detail_table: {
    definition: { sub_fields: rowFields },
    accepts: [[[{ item: ' 笔 ', qty: '2' }, { item: '纸' }], [{ item: '笔', qty: 2 }, { item: '纸', qty: null }]]],
    refuses: [[{ qty: 1 }], [{ item: '笔', colour: 'red' }], [{ item: '笔', qty: 1.5 }], 'x', { item: '笔' }],
    texts: [[[{ item: '笔', qty: 2 }, { item: '纸', qty: null }], '物品：笔；数量：2\n物品：纸', 'Item: 笔; Quantity: 2\nItem: 纸']],
  },
  handwriting_sign: {
    accepts: [[upload('png')], [`http://localhost:8080${upload('png')}`, upload('png')]],
    refuses: [upload('jpg'), 'https://evil.example.com/sign.png', [upload('png')]],
    texts: [[upload('png'), upload('png'), upload('png')]],
  },
  date_interval: {
    accepts: [[['2026-01-01', '2026-01-31']], [['2026-01-01', '2026-01-01']]],
    refuses: [['2026-02-01', '2026-01-01'], ['2026-01-01'], '2026-01-01', ['2026-01-01', '2026-02-30']],
    texts: [[['2026-01-01', '2026-01-31'], '2026-01-01 至 2026-01-31', '2026-01-01 to 2026-01-31']],
  },
  desc_text: { ...layout, definition: { description: both('请如实填写', 'Fill in truthfully') } },
  pic: images,
  file_img: images,
  cascader: {
    definition: { options: regions },
    accepts: [[['gd', 'sz']], [['hk']]],
    refuses: [['gd'], ['sz'], ['gd', 'hk'], ['gd', 'sz', 'x'], 'gd'],
    texts: [[['gd', 'sz'], '广东 / 深圳', 'Guangdong / Shenzhen']],
  },
  title_divider: layout,
  industry: ids,
};

describe('the registry', () => {
  it('holds the 35 types of §3 in the spec’s order, each entry under its own name', () => {
    const spec =
      'text, number, floatnumber, mobile, email, date, datetime, user, structure, contacts, customer, contract, business, single_user, website, textarea, select, company_select, merchant_select, certificate_img, checkbox, file, boolean_value, percent, position, location, detail_table, handwriting_sign, date_interval, desc_text, pic, file_img, cascader, title_divider, industry';
    expect(FIELD_TYPES).toEqual(spec.split(', '));
    expect(Object.keys(fieldTypes)).toEqual([...FIELD_TYPES]);
    for (const type of FIELD_TYPES) {
      expect(fieldTypes[type].type).toBe(type);
      expect(fieldTypes[type].operators.every((operator) => FIELD_OPERATORS.includes(operator)), type).toBe(true);
    }
  });

  it('has layout-only types that hold no value and cannot be filtered', () => {
    const layoutTypes = FIELD_TYPES.filter((type) => !fieldTypes[type].holdsValue);
    expect(layoutTypes).toEqual(['desc_text', 'title_divider']);
    for (const type of layoutTypes) expect(fieldTypes[type].operators).toEqual([]);
  });

  it('falls back to a plain text field for a type it does not know', () => {
    expect(fieldTypeOf('rich_editor')).toBe(fieldTypes.text);
    expect(fieldTypeOf('toString')).toBe(fieldTypes.text);
    expect(fieldTypeOf('cascader')).toBe(fieldTypes.cascader);
    expect(isFieldType('rich_editor')).toBe(false);
    const legacy = define({ type: 'text' });
    const entry = fieldTypeOf('rich_editor');
    expect(entry.value(legacy).parse(' 旧值 ')).toBe('旧值');
    // What a legacy record stored under the unknown type still shows as text.
    expect(entry.text('旧值', legacy, 'zh-CN')).toBe('旧值');
    expect(entry.text(5, legacy, 'zh-CN')).toBe('5');
    expect(entry.text({ a: 1 }, legacy, 'en-US')).toBe('{"a":1}');
  });
});

describe.each(FIELD_TYPES)('%s', (type) => {
  const typeCase = cases[type];
  const definition = define({ type, ...typeCase.definition });
  const entry = fieldTypes[type];
  const value = entry.value(definition);

  it.each(typeCase.accepts)('accepts %j', (sent, ...stored) => {
    const parsed = value.safeParse(sent);
    expect(parsed.error?.issues).toBeUndefined();
    expect(parsed.data).toEqual(stored.length ? stored[0] : sent);
  });

  it.each(typeCase.refuses.map((sent) => [sent]))('refuses %j', (sent) => {
    expect(value.safeParse(sent).success).toBe(false);
  });

  it('gives its plain text in both languages, and none for no value', () => {
    for (const [stored, zh, en] of typeCase.texts) {
      expect(entry.text(stored, definition, 'zh-CN')).toBe(zh);
      expect(entry.text(stored, definition, 'en-US')).toBe(en);
    }
    expect(entry.text(null, definition, 'zh-CN')).toBe('');
  });

  it.runIf(entry.read)('reads its text in either language back as the value it shows, an empty cell as none', () => {
    // A value the field no longer takes (an option removed since) shows, but is not read back.
    for (const [stored, zh, en] of typeCase.texts.filter(([shown]) => value.safeParse(shown).success)) {
      for (const text of [zh, en, ` ${zh} `]) {
        const reading = entry.read!(text, definition);
        expect('value' in reading && value.parse(reading.value), `${type} ${text}`).toEqual(stored);
      }
    }
    expect(entry.read!('  ', definition)).toEqual({ value: null });
  });

  it.skipIf(!entry.holdsValue)('stores no value as null, which a required field refuses', () => {
    for (const empty of [null, undefined, '', '   ', []]) expect(value.parse(empty)).toBeNull();
    const required = entry.value({ ...definition, required: true });
    for (const empty of [null, undefined, '', []]) expect(required.safeParse(empty).error?.issues[0]?.code).toBe('invalid_type');
    expect(required.safeParse(typeCase.accepts[0]![0]).success).toBe(true);
  });
});

describe('values that need more than the type', () => {
  it('reads an option, several options or a yes / no by name, value or word, and names the text that holds none', () => {
    const select = define({ type: 'select', options: letters });
    expect(fieldTypes.select.read!('b', select)).toEqual({ value: 'b' });
    expect(fieldTypes.select.read!('丙', select)).toEqual({ problem: { 'zh-CN': '没有名为“丙”的选项', 'en-US': 'no option named “丙”' } });
    const checkbox = define({ type: 'checkbox', options: letters });
    expect(fieldTypes.checkbox.read!('甲，B', checkbox)).toEqual({ value: ['a', 'b'] });
    expect(fieldTypes.checkbox.read!('甲、丁', checkbox)).toMatchObject({ problem: { 'zh-CN': '没有名为“丁”的选项' } });
    const yesNo = define({ type: 'boolean_value' });
    expect([fieldTypes.boolean_value.read!('TRUE', yesNo), fieldTypes.boolean_value.read!('0', yesNo)]).toEqual([{ value: true }, { value: false }]);
    expect(fieldTypes.boolean_value.read!('也许', yesNo)).toMatchObject({ problem: { 'zh-CN': '请填写“是”或“否”' } });
    // A cell cannot give back a picked record, a file or a place: those types read nothing.
    expect(FIELD_TYPES.filter((type) => fieldTypes[type].read)).toEqual(['text', 'number', 'floatnumber', 'mobile', 'email', 'date', 'website', 'textarea', 'select', 'checkbox', 'boolean_value', 'percent']);
  });

  it('takes numeric option values as numbers, form strings included', () => {
    const numeric = define({ type: 'select', options: [{ value: 1, label: both('视频', 'Video') }, { value: 2, label: both('图文', 'Article') }] });
    expect(fieldTypes.select.value(numeric).parse('2')).toBe(2);
    expect(fieldTypes.select.value(numeric).safeParse(3).success).toBe(false);
    expect(fieldTypes.select.text(2, numeric, 'zh-CN')).toBe('图文');
  });

  it('shows a time in the zone it is asked for', () => {
    const definition = define({ type: 'datetime' });
    expect(fieldTypes.datetime.text('2026-03-01T01:30:00.000Z', definition, 'en-US', 'UTC')).toBe('2026-03-01 01:30:00');
    expect(fieldTypes.datetime.text('2026-03-01T01:30:00.000Z', definition, 'en-US', 'America/New_York')).toBe('2026-02-28 20:30:00');
  });

  it('refuses a multi-value entry naming the bad entry', () => {
    const issues = fieldTypes.mobile.value(define({ type: 'mobile' })).safeParse('13800138000,12').error!.issues;
    expect(issues.map((issue) => issueWords(issue, 'zh-CN'))).toEqual(['不是有效的电话号码：12']);
    expect(issues.map((issue) => issueWords(issue, 'en-US'))).toEqual(['not a phone number: 12']);
  });

  it('words a refusal that quotes the input from one fixed message, the input carried beside it', () => {
    const schema = fieldTypes.mobile.value(define({ type: 'mobile' }));
    const [first, second] = ['13800138000,12', '13800138000,99'].map((value) => schema.safeParse(value).error!.issues[0]!);
    // Both refusals share the remembered words, so distinct inputs never add to them.
    expect(first!.message).toBe(second!.message);
    expect(chineseOfSaid(first!.message)).toBe('不是有效的电话号码：{value}');
    expect([issueWords(first!, 'en-US'), issueWords(second!, 'en-US')]).toEqual(['not a phone number: 12', 'not a phone number: 99']);
  });

  it('names the sub-field a detail_table row refuses', () => {
    const issues = fieldTypes.detail_table.value(define({ type: 'detail_table', sub_fields: rowFields })).safeParse([{ item: '笔' }, { qty: 1 }]).error!.issues;
    expect(issues.map((issue) => issue.path)).toEqual([[1, 'item']]);
  });

  it('reads a record’s values by their definitions: layout fields hold none, unknown keys are refused', () => {
    const record = fieldValues([define({ type: 'text', key: 'name', required: true }), define({ type: 'title_divider', key: 'part' }), define({ type: 'number', key: 'age' })]);
    expect(record.parse({ name: ' 张三 ' })).toEqual({ name: '张三', age: null });
    expect(record.safeParse({ name: '张三', part: null }).success).toBe(false);
    expect(record.safeParse({ name: '张三', other: 1 }).success).toBe(false);
    expect(record.safeParse({ age: 3 }).error!.issues[0]!.path).toEqual(['name']);
  });
});

describe('extend_quantity (§5)', () => {
  const bounds = { extend_quantity_min: 2, extend_quantity_max: 3 };
  const issueOf = (type: FieldType, extra: Partial<FieldDefinitionInput>, sent: unknown) => fieldTypes[type].value(define({ type, ...bounds, ...extra })).safeParse(sent).error?.issues[0];

  it.each<[FieldType, Partial<FieldDefinitionInput>, (n: number) => unknown]>([
    ['text', {}, (n) => Array.from({ length: n }, (_, i) => `e${i}`).join('，')],
    ['mobile', {}, (n) => Array.from({ length: n }, (_, i) => `1380013800${i}`).join(',')],
    ['user', {}, (n) => Array.from({ length: n }, (_, i) => i + 1)],
    ['checkbox', { options: [...letters, { value: 'c', label: both('丙', 'C') }, { value: 'd', label: both('丁', 'D') }] }, (n) => ['a', 'b', 'c', 'd'].slice(0, n)],
    ['file', {}, (n) => Array.from({ length: n }, (_, i) => ({ name: `${i}.pdf`, url: upload('pdf', String(i)) }))],
    ['detail_table', { sub_fields: rowFields }, (n) => Array.from({ length: n }, (_, i) => ({ item: `第${i}行` }))],
  ])('%s: from min to max, both included', (type, extra, valueOf) => {
    expect(issueOf(type, extra, valueOf(2))).toBeUndefined();
    expect(issueOf(type, extra, valueOf(3))).toBeUndefined();
    expect(issueOf(type, extra, valueOf(1))).toMatchObject({ code: 'too_small', minimum: 2 });
    expect(issueOf(type, extra, valueOf(4))).toMatchObject({ code: 'too_big', maximum: 3 });
  });

  it('lets an optional field stay empty, and treats 0 as no limit', () => {
    expect(fieldTypes.user.value(define({ type: 'user', ...bounds })).parse([])).toBeNull();
    expect(fieldTypes.user.value(define({ type: 'user', extend_quantity_min: 0, extend_quantity_max: 0 })).parse([1, 2, 3, 4, 5])).toHaveLength(5);
  });
});

const valueOf = (input: Partial<FieldDefinitionInput> & { type: FieldType }) => fieldTypes[input.type].value(define(input));

describe('a definition’s own bounds', () => {

  it('holds a text or textarea to its lengths and pattern, an empty value aside', () => {
    const code = valueOf({ type: 'text', min_length: 2, max_length: 6, pattern: '^[A-Z]+$' });
    expect(code.parse(' AB ')).toBe('AB');
    expect(code.parse('  ')).toBeNull();
    for (const [bad, code_] of [['A', 'too_small'], ['ABCDEFG', 'too_big'], ['ab', 'invalid_format']] as const) {
      expect(code.safeParse(bad).error?.issues[0]?.code, bad).toBe(code_);
    }
    const note = valueOf({ type: 'textarea', max_length: 10, required: true });
    expect(note.safeParse('x'.repeat(11)).error?.issues[0]).toMatchObject({ code: 'too_big', maximum: 10 });
    expect(note.safeParse('').success).toBe(false);
  });

  it('keeps the type’s own limit where no max_length is set', () => {
    expect(valueOf({ type: 'text', min_length: 1 }).safeParse('x'.repeat(256)).success).toBe(false);
    expect(valueOf({ type: 'textarea', pattern: '^\\d+$' }).parse('2000'.repeat(500))).toHaveLength(2000);
  });

  it('holds a number or floatnumber within min and max, both included', () => {
    const fans = valueOf({ type: 'number', min: 0, max: 100 });
    expect([0, 100, '50'].map((v) => fans.parse(v))).toEqual([0, 100, 50]);
    expect(fans.safeParse(-1).error?.issues[0]).toMatchObject({ code: 'too_small', minimum: 0 });
    expect(fans.safeParse(101).error?.issues[0]).toMatchObject({ code: 'too_big', maximum: 100 });
    const rate = valueOf({ type: 'floatnumber', min: 0.5 });
    expect(rate.parse(0.5)).toBe(0.5);
    expect(rate.safeParse(0.4).success).toBe(false);
    expect(rate.parse(1e9)).toBe(1e9);
  });

  it('checks its default against them', () => {
    expect(fieldDefinition.safeParse({ key: 'field', label, type: 'number', min: 1, max: 9, default: 10 }).success).toBe(false);
    expect(fieldDefinition.safeParse({ key: 'field', label, type: 'text', pattern: '^a', default: 'b' }).success).toBe(false);
    expect(define({ type: 'number', min: 1, max: 9, default: 9 }).default).toBe(9);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['max_length on a number', { type: 'number', max_length: 5 }, 'max_length'],
    ['a pattern on an email', { type: 'email', pattern: '^a' }, 'pattern'],
    ['min on a text', { type: 'text', min: 1 }, 'min'],
    ['max on a percent', { type: 'percent', max: 50 }, 'max'],
    ['a text longer than 255', { type: 'text', max_length: 256 }, 'max_length'],
    ['a textarea longer than 2000', { type: 'textarea', max_length: 2001 }, 'max_length'],
    ['min_length above max_length', { type: 'text', min_length: 5, max_length: 4 }, 'min_length'],
    ['min_length above the type’s limit', { type: 'text', min_length: 300 }, 'min_length'],
    ['a negative length', { type: 'text', max_length: -1 }, 'max_length'],
    ['a fractional length', { type: 'text', max_length: 1.5 }, 'max_length'],
    ['a pattern that does not compile', { type: 'text', pattern: '([a-z' }, 'pattern'],
    ['an empty pattern', { type: 'text', pattern: '' }, 'pattern'],
    ['min above max', { type: 'floatnumber', min: 2, max: 1 }, 'min'],
    ['a unit on a floatnumber (fen are whole)', { type: 'floatnumber', unit: 'fen' }, 'unit'],
    ['a unit on a percent', { type: 'percent', unit: 'fen' }, 'unit'],
    ['a unit the registry does not know', { type: 'number', unit: 'cent' }, 'unit'],
  ])('refuses %s, naming it', (_reason, input, key) => {
    const refused = fieldDefinition.safeParse({ key: 'field', label, ...input });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((issue) => issue.path[0])).toContain(key);
  });

  it('takes them on admin definitions too, and leaves definitions without them as they were', () => {
    expect(define({ type: 'text', min_length: 0, max_length: 255, pattern: '^\\S+$' })).toMatchObject({ min_length: 0, max_length: 255, pattern: '^\\S+$' });
    expect(define({ type: 'number', min: -5, max: 5 })).toMatchObject({ min: -5, max: 5 });
    expect(define({ type: 'text' })).not.toHaveProperty('max_length');
  });
});

describe('money: a number in fen', () => {
  const price = define({ type: 'number', unit: 'fen', min: 1, max: 1_000_000 });
  const value = fieldTypes.number.value(price);

  it('stores and takes whole fen as JSON numbers, within min and max in fen, never a fraction', () => {
    expect([1250, 1, 1_000_000].map((v) => value.parse(v))).toEqual([1250, 1, 1_000_000]);
    for (const text of ['1250', '1e3', [1250], true]) expect(value.safeParse(text).success, JSON.stringify(text)).toBe(false);
    expect(value.safeParse(12.5).error?.issues[0]).toMatchObject({ code: 'invalid_type', expected: 'int' });
    expect(value.safeParse('12.50').success).toBe(false);
    expect(value.safeParse(0).error?.issues[0]).toMatchObject({ code: 'too_small', minimum: 1 });
    expect(value.safeParse(1_000_001).error?.issues[0]).toMatchObject({ code: 'too_big', maximum: 1_000_000 });
  });

  const read = (text: string) => fieldTypes.number.read!(text, price);

  it('reads money back from its text or as a person types it, whole fen; more than two decimals is a problem', () => {
    for (const [text, fen] of [['¥ 1,234.56', 123456], ['-¥ 0.05', -5], ['12.5', 1250], ['￥12', 1200], ['0.1', 10]] as const) expect(read(text)).toEqual({ value: fen });
    for (const text of ['12.345', '十二元', '1.2.3']) expect(read(text)).toMatchObject({ problem: { 'zh-CN': '应为金额（元），最多 2 位小数' } });
  });

  it('shows yuan with two decimals in both languages, thousands grouped', () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      expect([1250, 1, 100, 0, 123_456_789].map((fen) => fieldTypes.number.text(fen, price, locale))).toEqual(['¥ 12.50', '¥ 0.01', '¥ 1.00', '¥ 0.00', '¥ 1,234,567.89']);
    }
    expect(yuanText(-5)).toBe('-¥ 0.05');
    expect([fenAsYuan(0), fenAsYuan(5), fenAsYuan(30), fenAsYuan(123_456_789), fenAsYuan(-1_050)]).toEqual(['0.00', '0.05', '0.30', '1,234,567.89', '-10.50']);
    // A plain number is still a count.
    expect(fieldTypes.number.text(1250, define({ type: 'number' }), 'zh-CN')).toBe('1250');
  });

  it('keeps its unit in the definition, and checks its default in fen', () => {
    expect(price).toMatchObject({ type: 'number', unit: 'fen', min: 1, max: 1_000_000 });
    expect(define({ type: 'number', unit: 'fen', default: 990 }).default).toBe(990);
    expect(fieldDefinition.safeParse({ key: 'field', label, type: 'number', unit: 'fen', default: 9.9 }).success).toBe(false);
  });
});

describe('a rate: a number in basis points', () => {
  const rate = define({ type: 'number', unit: 'bp', min: 0, max: 10_000 });

  it('takes whole basis points as JSON numbers within its bounds, shows and reads them as a percentage with two decimals', () => {
    const value = fieldTypes.number.value(rate);
    expect([0, 1250, 10_000].map((v) => value.parse(v))).toEqual([0, 1250, 10_000]);
    for (const bad of ['1250', 12.5, 10_001, -1]) expect(value.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect([1250, 5, 10_000, 0].map((bp) => fieldTypes.number.text(bp, rate, 'zh-CN'))).toEqual(['12.50%', '0.05%', '100.00%', '0.00%']);
    expect(percentText(123_456)).toBe('1234.56%');
    for (const [text, bp] of [['12.50%', 1250], ['12.5', 1250], ['3 %', 300], ['0.05％', 5]] as const) expect(fieldTypes.number.read!(text, rate)).toEqual({ value: bp });
    expect(fieldTypes.number.read!('12.345%', rate)).toMatchObject({ problem: { 'zh-CN': '应为百分比，最多 2 位小数' } });
  });
});

describe('the field definition', () => {
  it('fills its defaults: optional, not unique, order 0, shown, every permission', () => {
    expect(fieldDefinition.parse({ key: 'phone', type: 'mobile', label })).toEqual({
      key: 'phone',
      type: 'mobile',
      label,
      required: false,
      unique: false,
      sort: 0,
      hidden: false,
      permission: ALL_FIELD_PERMISSIONS,
    });
  });

  it('keeps a default as the type stores it, and drops an empty one', () => {
    expect(define({ type: 'number', default: '12' }).default).toBe(12);
    expect(define({ type: 'select', options: letters, default: ' a ' }).default).toBe('a');
    expect(define({ type: 'text', default: '  ' })).not.toHaveProperty('default');
  });

  it('takes a cascader’s nested options, a detail_table’s sub-fields and a desc_text’s description', () => {
    expect(define({ type: 'cascader', options: regions }).options).toEqual(regions);
    expect(define({ type: 'detail_table', sub_fields: rowFields }).sub_fields!.map((sub) => sub.key)).toEqual(['item', 'qty']);
    expect(define({ type: 'desc_text', description: both('说明', 'Note') }).description).toEqual(both('说明', 'Note'));
  });

  it('takes an option without an English name (none, or empty), which English then names in Chinese', () => {
    const select = define({ type: 'select', options: [{ value: 'a', label: { 'zh-CN': '甲' } }, letters[1]!] });
    expect(select.options![0]!.label).toEqual({ 'zh-CN': '甲' });
    expect([fieldTypes.select.text('a', select, 'en-US'), fieldTypes.select.text('b', select, 'en-US')]).toEqual(['甲', 'B']);
    const cascader = define({ type: 'cascader', options: [{ value: 'gd', label: { 'zh-CN': '广东', 'en-US': '' }, children: [{ value: 'sz', label: { 'zh-CN': '深圳' } }] }] });
    expect(fieldTypes.cascader.text(['gd', 'sz'], cascader, 'en-US')).toBe('广东 / 深圳');
  });

  const deep = (depth: number): object[] => [{ value: `v${depth}`, label, ...(depth > 1 ? { children: deep(depth - 1) } : {}) }];
  const optionsOf = (count: number, prefix = 'v', name = label) => Array.from({ length: count }, (_, i) => ({ value: `${prefix}${i}`, label: name }));
  /** Three parents of 67 children: each list within the bound, 204 options in all. */
  const wideCascader = optionsOf(3).map((parent, i) => ({ ...parent, children: optionsOf(67, `${i}-`) }));
  const selectColumns = (count: number) => [0, 1].map((i) => ({ key: `c${i}`, type: 'select', label, options: optionsOf(count) }));
  /** 200 options whose names are near their 50 characters: some 30,000 characters in all. */
  const wideOptions = optionsOf(200, 'v', both('长'.repeat(48), 'L'.repeat(48)));
  const notesTable: FieldDefinitionInput = { key: 'field', label, type: 'detail_table', sub_fields: [{ key: 'note', type: 'textarea', label }] };

  it.each<[string, Record<string, unknown>]>([
    ['min above max', { type: 'user', extend_quantity_min: 3, extend_quantity_max: 2 }],
    ['a negative bound', { type: 'user', extend_quantity_min: -1 }],
    ['a fractional bound', { type: 'user', extend_quantity_max: 1.5 }],
    ['bounds on a one-value type', { type: 'number', extend_quantity_max: 2 }],
    ['a select without options', { type: 'select' }],
    ['a select with no option', { type: 'select', options: [] }],
    ['options on a text', { type: 'text', options: letters }],
    ['children under a select option', { type: 'select', options: regions }],
    ['an option value used twice', { type: 'checkbox', options: [letters[0], letters[0]] }],
    ['option values of two kinds', { type: 'select', options: [letters[0], { value: 1, label }] }],
    ['an option without its Chinese name', { type: 'select', options: [{ value: 'a', label: { 'en-US': 'A' } }] }],
    ['a cascader six levels deep', { type: 'cascader', options: deep(6) }],
    ['a detail_table without sub-fields', { type: 'detail_table' }],
    ['sub-fields on a text', { type: 'text', sub_fields: rowFields }],
    ['a sub-field of an unknown type', { type: 'detail_table', sub_fields: [{ key: 'x', type: 'rich_editor', label }] }],
    ['a table in a table', { type: 'detail_table', sub_fields: [{ key: 'x', type: 'detail_table', label, sub_fields: rowFields }] }],
    ['a layout sub-field', { type: 'detail_table', sub_fields: [{ key: 'x', type: 'title_divider', label }] }],
    ['a sub-field key used twice', { type: 'detail_table', sub_fields: [rowFields[0], { ...rowFields[1], key: 'item' }] }],
    ['a bad sub-field', { type: 'detail_table', sub_fields: [{ key: 'x', type: 'select', label }] }],
    ['an unknown type', { type: 'rich_editor' }],
    ['a key in capitals', { type: 'text', key: 'Name' }],
    ['a key starting with a digit', { type: 'text', key: '1st' }],
    ['a key with a hyphen', { type: 'text', key: 'first-name' }],
    ['a key of 41 characters', { type: 'text', key: 'a'.repeat(41) }],
    ['a label in one language', { type: 'text', label: { 'zh-CN': '姓名' } }],
    ['a blank label', { type: 'text', label: both(' ', 'Name') }],
    ['a permission byte of 256', { type: 'text', permission: 256 }],
    ['a negative permission byte', { type: 'text', permission: -1 }],
    ['a fractional permission byte', { type: 'text', permission: 1.5 }],
    ['a required layout field', { type: 'title_divider', required: true }],
    ['a default on a layout field', { type: 'title_divider', default: 'x' }],
    ['a desc_text without its description', { type: 'desc_text' }],
    ['a description on a text', { type: 'text', description: label }],
    ['a default the type refuses', { type: 'mobile', default: '12345' }],
    ['a default not among the options', { type: 'select', options: letters, default: 'z' }],
    ['an unknown property', { type: 'text', placeholder: 'x' }],
    ['more than 200 options in all, a cascader’s levels counted', { type: 'cascader', options: wideCascader }],
    ['more than 200 options in all, a table’s columns counted', { type: 'detail_table', sub_fields: selectColumns(101) }],
    ['an option name of 51 characters', { type: 'select', options: optionsOf(1, 'v', both('名'.repeat(51), 'Name')) }],
    ['a label of 51 characters', { type: 'text', label: both('名'.repeat(51), 'Name') }],
    ['a description of 1,001 characters', { type: 'desc_text', description: both('说'.repeat(1001), 'Note') }],
    ['a default of more than 4,000 characters of JSON', { ...notesTable, default: [{ note: '很'.repeat(2000) }, { note: '很'.repeat(2000) }] }],
    ['a definition of more than 20,000 characters of JSON', { type: 'select', options: wideOptions }],
  ])('refuses %s', (_reason, input) => {
    expect(fieldDefinition.safeParse({ key: 'field', label, ...input }).success).toBe(false);
  });

  it('names where a bad definition is wrong', () => {
    const pathsOf = (input: object) => fieldDefinition.safeParse({ key: 'field', label, ...input }).error!.issues.map((issue) => issue.path);
    expect(pathsOf({ type: 'user', extend_quantity_min: 3, extend_quantity_max: 2 })).toEqual([['extend_quantity_min']]);
    expect(pathsOf({ type: 'checkbox', options: [letters[0], letters[0]] })).toEqual([['options', 1, 'value']]);
    expect(pathsOf({ type: 'select', options: letters, default: 'z' })).toEqual([['default']]);
    expect(pathsOf({ type: 'detail_table', sub_fields: [{ key: 'x', type: 'select', label }] })).toEqual([['sub_fields', 0, 'options']]);
    expect(pathsOf({ type: 'cascader', options: wideCascader })).toEqual([['options']]);
    expect(pathsOf({ type: 'detail_table', sub_fields: selectColumns(101) })).toEqual([['sub_fields']]);
    expect(pathsOf({ ...notesTable, default: [{ note: '很'.repeat(2000) }, { note: '很'.repeat(2000) }] })).toEqual([['default']]);
    expect(pathsOf({ type: 'select', options: wideOptions })).toEqual([['options']]);
  });

  it('takes a definition at its bounds: 200 options in all, a default of 4,000 characters of JSON', () => {
    expect(define({ type: 'detail_table', sub_fields: selectColumns(100) as FieldDefinitionInput['sub_fields'] }).sub_fields).toHaveLength(2);
    const rows = [{ note: '很'.repeat(2000) }, { note: '很'.repeat(FIELD_DEFINITION_LIMITS.defaultChars - 2000 - '[{"note":""},{"note":""}]'.length) }];
    expect(define({ ...notesTable, default: rows }).default).toEqual(rows);
    expect(fieldDefinitionChars(define({ type: 'select', options: optionsOf(100, 'v', both('长'.repeat(48), 'L'.repeat(48))) }))).toBeLessThanOrEqual(FIELD_DEFINITION_LIMITS.definitionChars);
  });
});

/** The flags a byte sets. */
const on = (byte: number) => Object.entries(decodeFieldPermission(byte)).filter(([, set]) => set).map(([flag]) => flag);

describe('the field-permission byte (§3)', () => {
  it('puts the flags in the spec’s order, nameEdit in the least significant bit', () => {
    expect(FIELD_PERMISSION_FLAGS).toEqual(['nameEdit', 'deleteEdit', 'defaultEdit', 'percentEdit', 'nullEdit', 'uniqueEdit', 'hiddenEdit', 'optionsEdit']);
    expect(on(0)).toEqual([]);
    expect(on(0b0000_0001)).toEqual(['nameEdit']);
    expect(on(0b0001_0010)).toEqual(['deleteEdit', 'nullEdit']);
    expect(on(0b1000_0000)).toEqual(['optionsEdit']);
    expect(on(0xff)).toEqual(FIELD_PERMISSION_FLAGS);
  });

  it('encodes back every one of the 256 bytes it decodes', () => {
    for (let byte = 0; byte <= 0xff; byte += 1) expect(encodeFieldPermission(decodeFieldPermission(byte))).toBe(byte);
  });

  it('refuses a number that is not a byte', () => {
    for (const bad of [-1, 256, 1.5, Number.NaN]) expect(() => decodeFieldPermission(bad)).toThrow(RangeError);
  });
});

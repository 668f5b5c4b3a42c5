import { FIELD_TYPES, fieldDefinition, type FieldDefinition, type FieldDefinitionInput, type FieldType } from '@juqi/contract';

/** One admin-defined field of each of the 35 types (key `f_<type>`), with a value each accepts and one each refuses. */

const label = (zh: string) => ({ 'zh-CN': zh, 'en-US': zh });
const upload = (ext: string, hex: string) => `/uploads/common/2026/01/${hex.repeat(32)}.${ext}`;
const picture = [{ name: '门头.png', url: upload('png', 'a') }];
// Pickers whose records a lookup names take ids that exist in a fresh test database: seeded industries.
const industryIds = { valid: [1, 2], invalid: [0] };
// Departments and staff records are not seeded in tests: those that check picked ids make two of each first.
const departmentIds = { valid: [1, 2], invalid: [0] };
const personIds = { valid: [1, 2], invalid: [0] };
// Businesses, customers and orders neither: those that check picked ids add two of each first.
const businessIds = { valid: [1, 2], invalid: [0] };
const customerIds = { valid: [1, 2], invalid: [0] };
const orderIds = { valid: [1, 2], invalid: [0] };
// The operator's companies: a fresh database has three.
const companyIds = { valid: [1, 3], invalid: [0] };
const place = { province_code: '440000', city_code: '440300', address: '深圳市南山区科技园', lng: 113.94, lat: 22.54, coordinate_system: 'gcj02' };

/** What a definition of the type needs beyond key, type and label. */
const extras: Partial<Record<FieldType, Partial<FieldDefinitionInput>>> = {
  select: { options: [{ value: 'a', label: label('甲') }, { value: 'b', label: label('乙') }] },
  checkbox: { options: [{ value: 'a', label: label('甲') }, { value: 'b', label: label('乙') }] },
  cascader: { options: [{ value: 'gd', label: label('广东'), children: [{ value: 'sz', label: label('深圳') }] }] },
  detail_table: {
    sub_fields: [
      { key: 'item', type: 'text', label: label('物品'), required: true },
      { key: 'qty', type: 'number', label: label('数量') },
    ],
  },
  desc_text: { description: label('请如实填写') },
};

/** A value each type accepts, then one it refuses; none for the layout types. */
export const SAMPLES: Record<FieldType, { valid: unknown; invalid: unknown }> = {
  text: { valid: 'Alpha', invalid: 'x'.repeat(256) },
  number: { valid: 12, invalid: 1.5 },
  floatnumber: { valid: 1.25, invalid: 'abc' },
  mobile: { valid: '13800138000', invalid: '12345' },
  email: { valid: 'sales@example.com', invalid: 'not-an-email' },
  date: { valid: '2026-03-01', invalid: '2026-02-30' },
  datetime: { valid: '2026-03-01T01:30:00.000Z', invalid: '2026-03-01T01:30:00' },
  user: personIds,
  structure: departmentIds,
  contacts: personIds,
  customer: customerIds,
  contract: orderIds,
  business: businessIds,
  single_user: { valid: 1, invalid: -1 },
  website: { valid: 'https://example.com', invalid: 'ftp://example.com' },
  textarea: { valid: 'First line', invalid: 'x'.repeat(2001) },
  select: { valid: 'a', invalid: 'z' },
  company_select: companyIds,
  merchant_select: customerIds,
  certificate_img: { valid: picture, invalid: [{ name: 'x', url: '/etc/passwd' }] },
  checkbox: { valid: ['a'], invalid: ['z'] },
  file: { valid: [{ name: '合同.pdf', url: upload('pdf', 'b') }], invalid: [{ name: '', url: upload('pdf', 'b') }] },
  boolean_value: { valid: true, invalid: 'yes' },
  percent: { valid: 12.5, invalid: 101 },
  position: { valid: place, invalid: { ...place, lat: undefined } },
  location: { valid: place, invalid: { ...place, coordinate_system: 'mars' } },
  detail_table: { valid: [{ item: '笔', qty: 2 }], invalid: [{ qty: 2 }] },
  handwriting_sign: { valid: upload('png', 'c'), invalid: upload('jpg', 'c') },
  date_interval: { valid: ['2026-01-01', '2026-01-31'], invalid: ['2026-02-01', '2026-01-01'] },
  desc_text: { valid: undefined, invalid: 'anything' },
  pic: { valid: picture, invalid: [...picture, ...picture] },
  file_img: { valid: picture, invalid: [{ name: 'a.exe', url: upload('exe', 'd') }] },
  cascader: { valid: ['gd', 'sz'], invalid: ['sz'] },
  title_divider: { valid: undefined, invalid: 'anything' },
  industry: industryIds,
};

export const LAYOUT: readonly FieldType[] = ['desc_text', 'title_divider'];
export const VALUE_TYPES = FIELD_TYPES.filter((type) => !LAYOUT.includes(type));
export const keyOf = (type: FieldType) => `f_${type}`;

/** The add body of each type's field (optional, staff's own). */
export const fieldInputs: FieldDefinitionInput[] = FIELD_TYPES.map((type) => ({ key: keyOf(type), type, label: label(`字段 ${type}`), ...extras[type] }));
/** The same, checked as the server stores them. */
export const fieldDefinitions: FieldDefinition[] = fieldInputs.map((input) => fieldDefinition.parse(input));
/** A record with a valid value in every field. */
export const validValues = (): Record<string, unknown> => Object.fromEntries(VALUE_TYPES.map((type) => [keyOf(type), SAMPLES[type].valid]));

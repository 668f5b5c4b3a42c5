import { FIELD_TYPES, fieldFormCalls, type FieldDefinitionRow, type FieldSampleRow } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { visibleOption } from '../../../test/antd';
import { answerOf, fail, fakeApi, type SeenRequest, refused } from '../../../test/fake-api';
import { renderInShell, staffWith } from '../../../test/render-in-shell';
import { TYPE_GROUPS } from '../type-groups';
import { FieldFormPage, FieldFormsPage } from './field-form-page';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => {
  vi.restoreAllMocks();
});

const user = userEvent.setup({ delay: null });
const calls = fieldFormCalls.customer_info;
const url = (action: string) => `POST /api/field/customer_info_${action}`;
const texts = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const row = (id: number, definition: Partial<FieldDefinitionRow> & Pick<FieldDefinitionRow, 'key' | 'type' | 'label'>): FieldDefinitionRow => ({
  id,
  required: false,
  unique: false,
  hidden: false,
  sort: id,
  permission: 255,
  updated_at: '2026-03-01T01:00:00.000Z',
  ...definition,
});

/** 客户名称 and 联系电话 are system fields (236: no rename, no delete, required fixed; 252: no rename, no delete). */
const DEFINITIONS: FieldDefinitionRow[] = [
  row(1, { key: 'customer_name', type: 'text', label: texts('客户名称', 'Customer name'), required: true, unique: true, permission: 236 }),
  row(2, { key: 'contact_mobile', type: 'mobile', label: texts('联系电话', 'Phone'), permission: 252, extend_quantity_max: 3 }),
  row(3, {
    key: 'source',
    type: 'select',
    label: texts('客户来源', 'Source'),
    options: [
      { value: 'online', label: texts('线上推广', 'Online') },
      { value: 'referral', label: texts('老客户介绍', 'Referral') },
    ],
  }),
  row(4, { key: 'internal_note', type: 'textarea', label: texts('内部备注', 'Internal note'), hidden: true }),
];

/** A server holding the form's fields and previews; the previews list answers with every saved one. */
function fakeServer({ definitions = DEFINITIONS, samples = [] as FieldSampleRow[], handlers = {} as Parameters<typeof fakeApi>[0] } = {}) {
  let held = [...definitions];
  const saved = [...samples];
  return fakeApi({
    [url('definition_list')]: () => answerOf(calls.definitionList, held),
    [url('definition_add')]: () => answerOf(calls.definitionAdd, { id: 10 }),
    [url('definition_edit')]: () => answerOf(calls.definitionEdit, null),
    [url('definition_del')]: ({ body }) => {
      held = held.filter((definition) => definition.id !== (body as { id: number }).id);
      return answerOf(calls.definitionDel, null);
    },
    [url('definition_sort')]: ({ body }) => {
      const ids = (body as { ids: number[] }).ids;
      held = ids.map((id) => held.find((definition) => definition.id === id)!);
      return answerOf(calls.definitionSort, null);
    },
    [url('sample_list')]: () => answerOf(calls.sampleList, { count: saved.length, data: saved }),
    [url('sample_add')]: ({ body }) => {
      saved.unshift({ id: 50 + saved.length, values: (body as { values: Record<string, unknown> }).values, updated_at: '2026-03-02T02:00:00.000Z', updated_by: '超级管理员' });
      return answerOf(calls.sampleAdd, { id: saved[0]!.id });
    },
    ...handlers,
  });
}

const sent = (seen: SeenRequest[], action: string) => seen.filter((request) => request.url === `/api/field/customer_info_${action}`).map((request) => request.body);
const definitionList = () => screen.findByRole('list', { name: '字段' });
const items = () => within(screen.getByRole('list', { name: '字段' })).getAllByRole('listitem');
const itemOf = (label: string) => items().find((item) => within(item).queryByText(label)) as HTMLElement;
const drawer = () => screen.findByRole('dialog');

/** jsdom lays nothing out: each row of the list sits 40 px below the one before, so the keyboard can move between them. */
function layOutRows() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const item = this.closest('li');
    const top = item?.parentElement ? [...item.parentElement.children].indexOf(item) * 40 : 0;
    return { x: 0, y: top, top, left: 0, right: 300, bottom: top + 40, width: 300, height: 40, toJSON: () => ({}) } as DOMRect;
  });
}

/** A field's handle focused, Space to pick it up, ArrowDown, Space to drop it (each key once the list has taken the one before). */
async function moveDownByKeyboard(label: string) {
  screen.getByRole('button', { name: `拖动排序：${label}` }).focus();
  await user.keyboard('[Space]');
  expect(await screen.findByText(`已拿起字段“${label}”，位于第 1 位。`)).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 0));
  await user.keyboard('[ArrowDown]');
  expect(await screen.findByText(`字段“${label}”移到第 2 位。`)).toBeInTheDocument();
  await user.keyboard('[Space]');
}

describe('FieldFormPage › the definitions', () => {
  it('lists the fields in order with their type and flags', async () => {
    fakeServer();
    renderInShell(<FieldFormPage form="customer_info" />);
    await definitionList();
    expect(items().map((item) => item.querySelector('strong')?.textContent)).toEqual(['客户名称', '联系电话', '客户来源', '内部备注']);
    const name = within(itemOf('客户名称'));
    expect(name.getByText('customer_name')).toBeInTheDocument();
    expect(name.getByText('单行文本')).toBeInTheDocument();
    expect(name.getByText('必填')).toBeInTheDocument();
    expect(name.getByText('唯一')).toBeInTheDocument();
    expect(within(itemOf('联系电话')).getByText('手机号')).toBeInTheDocument();
    expect(within(itemOf('客户来源')).getByText('单选')).toBeInTheDocument();
    expect(within(itemOf('内部备注')).getByText('隐藏')).toBeInTheDocument();
    expect(screen.getByText('共 4 个字段')).toBeInTheDocument();
  });

  it('keeps a system field from being deleted, and deletes a staff field once confirmed', async () => {
    const seen = fakeServer();
    renderInShell(<FieldFormPage form="customer_info" />);
    await definitionList();
    expect(within(itemOf('客户名称')).getByRole('button', { name: /删除/ })).toBeDisabled();
    expect(within(itemOf('联系电话')).getByRole('button', { name: /删除/ })).toBeDisabled();

    await user.click(within(itemOf('客户来源')).getByRole('button', { name: /删除/ }));
    const confirm = await screen.findByText('确定删除字段“客户来源”吗？已填写的值将不再显示。');
    expect(sent(seen, 'definition_del')).toEqual([]);
    await user.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(sent(seen, 'definition_del')).toEqual([{ id: 3 }]));
    await waitFor(() => expect(screen.queryByText('客户来源', { selector: 'strong' })).toBeNull());
  });

  it('moves a field down by keyboard and saves the new order', async () => {
    const seen = fakeServer();
    layOutRows();
    renderInShell(<FieldFormPage form="customer_info" />);
    await definitionList();
    await moveDownByKeyboard('客户名称');
    await waitFor(() => expect(sent(seen, 'definition_sort')).toEqual([{ ids: [2, 1, 3, 4] }]));
    await waitFor(() => expect(items().map((item) => item.querySelector('strong')?.textContent)).toEqual(['联系电话', '客户名称', '客户来源', '内部备注']));
    expect(await screen.findByText('字段顺序已保存')).toBeInTheDocument();
  });

  it('shows the new order at once, and puts it back when the server refuses it', async () => {
    const answers: ((answer: ReturnType<typeof fail>) => void)[] = [];
    const seen = fakeServer({ handlers: { [url('definition_sort')]: () => new Promise((resolve) => answers.push(resolve)) } });
    layOutRows();
    renderInShell(<FieldFormPage form="customer_info" />);
    await definitionList();
    await moveDownByKeyboard('客户名称');
    await waitFor(() => expect(sent(seen, 'definition_sort')).toHaveLength(1));
    expect(items()[0]).toHaveTextContent('联系电话');
    answers[0]!(refused(['ids', '所选记录', '须把表单的 4 个字段各列一次']));
    await waitFor(() => expect(items()[0]).toHaveTextContent('客户名称'));
  });
});

describe('FieldFormPage › the definition form', () => {
  it('adds a select field with two options, the second without an English name', async () => {
    const seen = fakeServer();
    renderInShell(<FieldFormPage form="customer_info" />);
    await definitionList();
    await user.click(screen.getByRole('button', { name: /新增字段/ }));
    const form = within(await drawer());
    await user.type(form.getByLabelText('字段标识'), 'level');
    await user.type(form.getByLabelText('字段类型'), '单选');
    await user.click(await visibleOption('单选'));
    await user.type(form.getByLabelText('名称（中文）'), '客户等级');
    await user.type(form.getByLabelText('名称（英文）'), 'Level');
    await user.type(await form.findByLabelText('选项值 1'), 'a');
    await user.type(form.getByLabelText('中文名称 1'), '重要');
    await user.type(form.getByLabelText('英文名称 1'), 'Key');
    await user.click(form.getByRole('button', { name: /添加选项/ }));
    await user.type(form.getByLabelText('选项值 2'), 'b');
    await user.type(form.getByLabelText('中文名称 2'), '普通');
    expect(form.getByLabelText('英文名称 2')).toHaveAttribute('placeholder', '英文名称（选填）');
    await user.click(form.getByRole('switch', { name: '必填' }));
    await user.click(within(await drawer()).getByRole('button', { name: /^保\s*存$/ }));

    await waitFor(() => expect(sent(seen, 'definition_add')).toHaveLength(1));
    expect(sent(seen, 'definition_add')[0]).toEqual({
      key: 'level',
      type: 'select',
      label: texts('客户等级', 'Level'),
      required: true,
      unique: false,
      hidden: false,
      options: [
        { value: 'a', label: texts('重要', 'Key') },
        { value: 'b', label: { 'zh-CN': '普通' } },
      ],
    });
    expect(await screen.findByText('字段已保存')).toBeInTheDocument();
  });

  it('adds a cascader with nested options', async () => {
    const seen = fakeServer();
    renderInShell(<FieldFormPage form="customer_info" />);
    await definitionList();
    await user.click(screen.getByRole('button', { name: /新增字段/ }));
    const form = within(await drawer());
    await user.type(form.getByLabelText('字段标识'), 'region');
    await user.type(form.getByLabelText('字段类型'), '级联');
    await user.click(await visibleOption('级联选择'));
    await user.type(form.getByLabelText('名称（中文）'), '区域');
    await user.type(form.getByLabelText('名称（英文）'), 'Region');
    await user.type(await form.findByLabelText('选项值 1'), 'gd');
    await user.type(form.getByLabelText('中文名称 1'), '广东');
    await user.type(form.getByLabelText('英文名称 1'), 'Guangdong');
    await user.click(form.getByRole('button', { name: /添加下级/ }));
    await user.type(await form.findByLabelText('选项值 1.1'), 'sz');
    await user.type(form.getByLabelText('中文名称 1.1'), '深圳');
    await user.type(form.getByLabelText('英文名称 1.1'), 'Shenzhen');
    await user.click(form.getByRole('button', { name: /^保\s*存$/ }));
    await waitFor(() => expect(sent(seen, 'definition_add')).toHaveLength(1));
    expect(sent(seen, 'definition_add')[0]).toMatchObject({
      key: 'region',
      type: 'cascader',
      options: [{ value: 'gd', label: texts('广东', 'Guangdong'), children: [{ value: 'sz', label: texts('深圳', 'Shenzhen') }] }],
    });
  });

  it('refuses quantity bounds that cross, beside the least', async () => {
    const seen = fakeServer();
    renderInShell(<FieldFormPage form="customer_info" />);
    await definitionList();
    await user.click(screen.getByRole('button', { name: /新增字段/ }));
    const form = within(await drawer());
    await user.type(form.getByLabelText('字段标识'), 'phones');
    await user.type(form.getByLabelText('字段类型'), '手机');
    await user.click(await visibleOption('手机号'));
    await user.type(form.getByLabelText('名称（中文）'), '电话');
    await user.type(form.getByLabelText('名称（英文）'), 'Phones');
    await user.type(await form.findByLabelText('最少数量'), '3');
    await user.type(form.getByLabelText('最多数量'), '1');
    await user.click(form.getByRole('button', { name: /^保\s*存$/ }));
    expect(await form.findByText('最少数量不能大于最多数量')).toBeInTheDocument();
    expect(sent(seen, 'definition_add')).toEqual([]);
  });

  it('shows a taken key on the key field, and words the contract’s refusals beside their controls', async () => {
    const seen = fakeServer({ handlers: { [url('definition_add')]: () => fail(40900, '字段标识 contact 已存在', { field: 'key' }) } });
    renderInShell(<FieldFormPage form="customer_info" />);
    await definitionList();
    await user.click(screen.getByRole('button', { name: /新增字段/ }));
    const form = within(await drawer());
    await user.type(form.getByLabelText('字段标识'), 'Contact');
    await user.type(form.getByLabelText('字段类型'), '单行');
    await user.click(await visibleOption('单行文本'));
    await user.click(within(await drawer()).getByRole('button', { name: /^保\s*存$/ }));
    expect(await form.findByText('字段标识须以小写字母开头，只含小写字母、数字和下划线，最多 40 个字符')).toBeInTheDocument();
    expect(await form.findByText('请输入名称（中文）')).toBeInTheDocument();
    expect(sent(seen, 'definition_add')).toEqual([]);

    await user.clear(form.getByLabelText('字段标识'));
    await user.type(form.getByLabelText('字段标识'), 'contact');
    await user.type(form.getByLabelText('名称（中文）'), '联系人');
    await user.type(form.getByLabelText('名称（英文）'), 'Contact');
    await user.click(within(await drawer()).getByRole('button', { name: /^保\s*存$/ }));
    expect(await form.findByText('该表单已有此字段标识')).toBeInTheDocument();
    expect(sent(seen, 'definition_add')).toHaveLength(1);
  });

  it('shows a system field’s name as fixed, and sends the whole field on save', async () => {
    const seen = fakeServer();
    renderInShell(<FieldFormPage form="customer_info" />);
    await definitionList();
    await user.click(within(itemOf('联系电话')).getByRole('button', { name: /编\s*辑/ }));
    const form = within(await drawer());
    expect(form.getByLabelText('名称（中文）')).toBeDisabled();
    expect(form.getByLabelText('名称（中文）')).toHaveValue('联系电话');
    expect(form.getByLabelText('字段标识')).toBeDisabled();
    expect(form.getAllByText('系统字段，不可修改').length).toBeGreaterThan(0);
    // 252 leaves required to the staff.
    expect(form.getByRole('switch', { name: '必填' })).toBeEnabled();
    await user.click(form.getByRole('switch', { name: '必填' }));
    await user.click(within(await drawer()).getByRole('button', { name: /^保\s*存$/ }));
    await waitFor(() => expect(sent(seen, 'definition_edit')).toHaveLength(1));
    expect(sent(seen, 'definition_edit')[0]).toEqual({
      id: 2,
      key: 'contact_mobile',
      type: 'mobile',
      label: texts('联系电话', 'Phone'),
      required: true,
      unique: false,
      hidden: false,
      default: null,
      extend_quantity_min: null,
      extend_quantity_max: 3,
    });
  });

  it('refuses a field holding more options in all than the bound, beside its options or columns', async () => {
    const optionsOf = (count: number) => Array.from({ length: count }, (_, i) => ({ value: `v${i}`, label: texts(`选项${i}`, `Option ${i}`) }));
    // Stored before the bound: two columns of 101 options each.
    const column = (i: number) => ({ key: `c${i}`, type: 'select' as const, label: texts(`列${i}`, `Column ${i}`), required: false, unique: false, hidden: false, sort: 0, permission: 255, options: optionsOf(101) });
    const table = row(5, { key: 'lines', type: 'detail_table', label: texts('明细', 'Lines'), sub_fields: [column(0), column(1)] });
    const seen = fakeServer({ definitions: [...DEFINITIONS, table] });
    renderInShell(<FieldFormPage form="customer_info" />);
    await definitionList();
    await user.click(within(itemOf('明细')).getByRole('button', { name: /编\s*辑/ }));
    const form = within(await drawer());
    await user.click(form.getByRole('button', { name: /^保\s*存$/ }));
    expect(await form.findByText('选项最多 200 个（各级与明细表各列合计）')).toBeInTheDocument();
    expect(sent(seen, 'definition_edit')).toEqual([]);
  });

  it('shows the bounds where they are met: names’ lengths and the options’, and the server’s bound of the form’s whole on the key', async () => {
    const refusal = '表单的字段定义合计最多 200000 个字符，请先精简或删除其他字段';
    fakeServer({ handlers: { [url('definition_add')]: () => fail(40000, refusal, { field: 'key' }) } });
    renderInShell(<FieldFormPage form="customer_info" />);
    await definitionList();
    await user.click(screen.getByRole('button', { name: /新增字段/ }));
    const form = within(await drawer());
    expect(form.getByLabelText('名称（中文）')).toHaveAttribute('maxlength', '50');
    await user.type(form.getByLabelText('字段类型'), '单选');
    await user.click(await visibleOption('单选'));
    expect(await form.findByText(/最多 200 个选项（各级合计），选项值与名称各最多 50 个字符/)).toBeInTheDocument();
    expect(form.getByLabelText('中文名称 1')).toHaveAttribute('maxlength', '50');
    await user.type(form.getByLabelText('字段标识'), 'level');
    await user.type(form.getByLabelText('名称（中文）'), '等级');
    await user.type(form.getByLabelText('名称（英文）'), 'Level');
    await user.type(form.getByLabelText('选项值 1'), 'a');
    await user.type(form.getByLabelText('中文名称 1'), '甲');
    await user.type(form.getByLabelText('英文名称 1'), 'A');
    await user.click(form.getByRole('button', { name: /^保\s*存$/ }));
    expect(await form.findByText(refusal, { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
  });

  it('shows a refusal by the permission byte on the property it names', async () => {
    fakeServer({ handlers: { [url('definition_edit')]: () => fail(40300, '该字段是否唯一不可修改', { field: 'unique' }) } });
    renderInShell(<FieldFormPage form="customer_info" />);
    await definitionList();
    await user.click(within(itemOf('客户来源')).getByRole('button', { name: /编\s*辑/ }));
    await user.click(within(await drawer()).getByRole('switch', { name: '唯一' }));
    await user.click(within(await drawer()).getByRole('button', { name: /^保\s*存$/ }));
    expect(await within(await drawer()).findByText('该字段是否唯一不可修改')).toBeInTheDocument();
  });
});

describe('FieldFormPage › the preview and 试填记录', () => {
  it('draws the form with the real editors, refuses a bad phone, saves a preview and lists it', async () => {
    const seen = fakeServer();
    renderInShell(<FieldFormPage form="customer_info" />);
    const preview = within((await screen.findByText('表单预览')).closest('.ant-card') as HTMLElement);
    // The hidden field is not asked for; the select is the registry's searchable select.
    expect(preview.queryByLabelText('内部备注')).toBeNull();
    expect(preview.getByRole('combobox', { name: '客户来源' })).toBeInTheDocument();

    await user.type(preview.getByLabelText('客户名称'), '星河科技');
    await user.type(preview.getByLabelText('联系电话'), '12345');
    await user.tab();
    expect(await preview.findByText('联系电话中有不正确的电话号码')).toBeInTheDocument();
    await user.click(preview.getByRole('button', { name: /保存试填/ }));
    expect(sent(seen, 'sample_add')).toEqual([]);

    await user.clear(preview.getByLabelText('联系电话'));
    await user.type(preview.getByLabelText('联系电话'), '13800138000');
    await user.click(preview.getByRole('combobox', { name: '客户来源' }));
    await user.click(await visibleOption('老客户介绍'));
    await user.click(preview.getByRole('button', { name: /保存试填/ }));
    await waitFor(() => expect(sent(seen, 'sample_add')).toHaveLength(1));
    expect(sent(seen, 'sample_add')[0]).toEqual({ values: { customer_name: '星河科技', contact_mobile: '13800138000', source: 'referral' } });

    const samples = within(screen.getByText('试填记录').closest('.ant-card') as HTMLElement);
    expect(await samples.findByText('星河科技')).toBeInTheDocument();
    expect(samples.getByText('老客户介绍')).toBeInTheDocument();
    expect(samples.getByRole('link', { name: '13800138000' })).toBeInTheDocument();
    expect(samples.getByRole('button', { name: /导出 Excel/ })).toBeEnabled();
  });

  it('shows a unique value another preview holds on its field', async () => {
    fakeServer({ handlers: { [url('sample_add')]: () => fail(40900, 'customer_name: already held', { field: 'customer_name' }) } });
    renderInShell(<FieldFormPage form="customer_info" />);
    const preview = within((await screen.findByText('表单预览')).closest('.ant-card') as HTMLElement);
    await user.type(preview.getByLabelText('客户名称'), '星河科技');
    await user.click(preview.getByRole('button', { name: /保存试填/ }));
    expect(await preview.findByText('该客户名称已存在')).toBeInTheDocument();
  });

  it('filters 试填记录 on a select field by equals', async () => {
    const seen = fakeServer();
    renderInShell(<FieldFormPage form="customer_info" />);
    const samples = within((await screen.findByText('试填记录')).closest('.ant-card') as HTMLElement);
    await user.click(await samples.findByRole('combobox', { name: '客户来源' }));
    await user.click(await visibleOption('线上推广'));
    await waitFor(() =>
      expect(sent(seen, 'sample_list').at(-1)).toEqual({ page: 1, limit: 10, filters: [{ key: 'source', operator: 'equals', value: 'online' }] }),
    );
  });

  it('orders 试填记录 by a column when its header is clicked', async () => {
    const seen = fakeServer();
    renderInShell(<FieldFormPage form="customer_info" />);
    const samples = within((await screen.findByText('试填记录')).closest('.ant-card') as HTMLElement);
    await user.click(await samples.findByRole('columnheader', { name: '客户名称' }));
    await waitFor(() => expect(sent(seen, 'sample_list').at(-1)).toMatchObject({ sort: 'customer_name', order: 'asc' }));
    await user.click(samples.getByRole('columnheader', { name: '客户名称' }));
    await waitFor(() => expect(sent(seen, 'sample_list').at(-1)).toMatchObject({ sort: 'customer_name', order: 'desc' }));
  });

  it('opens a saved preview into the form and saves over it', async () => {
    const sample: FieldSampleRow = { id: 7, values: { customer_name: '旧名称', contact_mobile: null, source: 'online', internal_note: '留着' }, updated_at: '2026-03-01T01:00:00.000Z', updated_by: '超级管理员' };
    const seen = fakeServer({ samples: [sample], handlers: { [url('sample_edit')]: () => answerOf(calls.sampleEdit, null) } });
    renderInShell(<FieldFormPage form="customer_info" />);
    const samples = within((await screen.findByText('试填记录')).closest('.ant-card') as HTMLElement);
    await user.click(await samples.findByRole('button', { name: /编\s*辑/ }));
    const preview = within(screen.getByText('表单预览').closest('.ant-card') as HTMLElement);
    expect(await preview.findByLabelText('客户名称')).toHaveValue('旧名称');
    await user.clear(preview.getByLabelText('客户名称'));
    await user.type(preview.getByLabelText('客户名称'), '新名称');
    await user.click(preview.getByRole('button', { name: /保存试填/ }));
    await waitFor(() => expect(sent(seen, 'sample_edit')).toHaveLength(1));
    // The hidden field keeps its value.
    expect(sent(seen, 'sample_edit')[0]).toEqual({ id: 7, values: { customer_name: '新名称', contact_mobile: null, source: 'online', internal_note: '留着' } });
  });
});

describe('FieldFormPage › a staff who may only view', () => {
  it('shows the fields without changes, and a preview to fill and check but not save', async () => {
    const seen = fakeServer({ handlers: { [url('values_check')]: ({ body }) => answerOf(calls.valuesCheck, (body as { values: Record<string, unknown> }).values) } });
    renderInShell(<FieldFormPage form="customer_info" />, { profile: staffWith('field.customer_info.view') });
    await definitionList();
    expect(screen.queryByRole('button', { name: /新增字段/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /拖动排序/ })).toBeNull();
    expect(within(itemOf('客户来源')).queryByRole('button')).toBeNull();

    const preview = within(screen.getByText('表单预览').closest('.ant-card') as HTMLElement);
    await user.type(preview.getByLabelText('客户名称'), '星河科技');
    expect(preview.queryByRole('button', { name: /保存试填/ })).toBeNull();
    await user.click(preview.getByRole('button', { name: /校\s*验/ }));
    expect(await screen.findByText('填写无误')).toBeInTheDocument();
    expect(sent(seen, 'values_check')).toEqual([{ values: { customer_name: '星河科技' } }]);
  });
});

describe('FieldFormPage › on a phone', () => {
  it('stacks the fields, the preview and 试填记录, with the filters folded into 筛选', async () => {
    window.innerWidth = 390;
    const seen = fakeServer();
    renderInShell(<FieldFormPage form="customer_info" />);
    await definitionList();
    expect(screen.getByRole('button', { name: '拖动排序：客户名称' })).toBeInTheDocument();
    expect(await screen.findByLabelText('客户名称', { selector: 'input' })).toBeInTheDocument();
    const samples = within(screen.getByText('试填记录').closest('.ant-card') as HTMLElement);
    expect(samples.queryByRole('combobox', { name: '客户来源' })).toBeNull();
    await user.click(samples.getByRole('button', { name: '筛选' }));
    const filters = within(await screen.findByRole('dialog', { name: '筛选' }));
    await user.click(filters.getByRole('combobox', { name: '客户来源' }));
    await user.click(await visibleOption('线上推广'));
    await waitFor(() => expect(sent(seen, 'sample_list').at(-1)).toMatchObject({ filters: [{ key: 'source', operator: 'equals', value: 'online' }] }));
    expect(samples.getByRole('button', { name: '筛选 (1)' })).toBeInTheDocument();
  });
});

describe('the type picker', () => {
  it('offers each of the 35 types once', () => {
    const grouped = Object.values(TYPE_GROUPS).flat();
    expect([...grouped].sort()).toEqual([...FIELD_TYPES].sort());
  });
});

describe('FieldFormsPage › a screen holding two forms (代理申请)', () => {
  const both = ['agency_apply', 'business_apply'] as const;
  const server = () =>
    fakeApi(
      Object.fromEntries(
        both.flatMap((form) => [
          [`POST /api/field/${form}_definition_list`, () => answerOf(fieldFormCalls[form].definitionList, [row(1, { key: `${form}_name`, type: 'text', label: texts(`${form} 字段`, `${form} field`) })])],
          [`POST /api/field/${form}_sample_list`, () => answerOf(fieldFormCalls[form].sampleList, { count: 0, data: [] })],
        ]),
      ),
    );

  it('shows a tab for each form, each with its own fields', async () => {
    server();
    renderInShell(<FieldFormsPage forms={[...both]} />);
    expect((await screen.findAllByText('agency_apply 字段')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('tab', { name: '业务申请表' }));
    expect((await screen.findAllByText('business_apply 字段')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryAllByText('agency_apply 字段')).toEqual([]));
  });

  it('shows only the form the staff may view, without tabs', async () => {
    server();
    renderInShell(<FieldFormsPage forms={[...both]} />, { profile: staffWith('field.business_apply.view') });
    expect((await screen.findAllByText('business_apply 字段')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryAllByText('agency_apply 字段')).toEqual([]);
  });
});

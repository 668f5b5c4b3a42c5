import type { FieldDefinition, FieldType } from '@juqi/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, Form, type FormInstance } from 'antd';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { usePreferences } from '../../lib/preferences';
import { visibleOption } from '../../test/antd';
import { FieldFormItem } from '.';

vi.setConfig({ testTimeout: 60_000 });
const user = userEvent.setup({ delay: null });

const both = (zh: string, en = zh) => ({ 'zh-CN': zh, 'en-US': en });
const define = (type: string, label: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  key: 'value',
  type: type as FieldType,
  label: both(label, `${label} (en)`),
  required: true,
  unique: false,
  sort: 0,
  hidden: false,
  permission: 255,
  ...extra,
});
const colours = [
  { value: 'red', label: both('红', 'Red') },
  { value: 'blue', label: both('蓝', 'Blue') },
];
const places = [{ value: 'gd', label: both('广东'), children: [{ value: 'sz', label: both('深圳') }, { value: 'gz', label: both('广州') }] }];

/** One definition in a form, as a definition screen's preview holds it: what the editor hands on is the form's value. */
function renderField(definition: FieldDefinition, initial?: unknown) {
  const changes: unknown[] = [];
  const form = createRef<FormInstance>();
  render(
    <AntApp>
      <Form ref={form} layout="vertical" initialValues={{ value: initial }} onValuesChange={(changed: { value?: unknown }) => void changes.push(changed.value)}>
        <FieldFormItem definition={definition} />
      </Form>
    </AntApp>,
  );
  return { changes, form: () => form.current! };
}

const shownError = () => document.querySelector('.ant-form-item-explain-error')?.textContent;
const expectError = (text: string) => waitFor(() => expect(shownError()).toBe(text));
/** The form's rule on a value put in the form, as a value from the server would be. */
async function refusal(form: FormInstance, value: unknown) {
  act(() => form.setFieldsValue({ value }));
  await act(() => form.validateFields().catch(() => undefined));
  return form.getFieldError('value')[0];
}

describe('field form item', () => {
  it('labels the editor, marks it required, checks the registry’s rule as the staff leaves it, and words it in the UI’s language', async () => {
    const { changes } = renderField(define('mobile', '手机', { extend_quantity_max: 2 }));
    const input = screen.getByLabelText('手机');
    expect(document.querySelector('.ant-form-item-required')).not.toBeNull();
    expect(input).toHaveAttribute('placeholder', '请输入手机，多个用逗号分隔（最多 2 个）');
    await user.type(input, '13800138000，1');
    expect(document.querySelector('.ant-form-item-explain-error')).toBeNull();
    fireEvent.blur(input);
    await expectError('手机中有不正确的电话号码');
    expect(changes.at(-1)).toBe('13800138000，1');

    act(() => usePreferences.setState({ language: 'en-US' }));
    fireEvent.blur(screen.getByLabelText('手机 (en)'));
    expect(await screen.findByText('手机 (en) holds a phone number that is not valid')).toBeInTheDocument();
  });

  it('shows a layout type without a form item or a value', () => {
    const { form } = renderField(define('desc_text', '说明', { required: false, description: both('请如实填写\n以下信息') }));
    expect(screen.getByText(/请如实填写/)).toBeInTheDocument();
    expect(document.querySelector('.ant-form-item')).toBeNull();
    expect(form().getFieldsValue()).toEqual({});
  });

  it('shows a title divider as a heading line', () => {
    renderField(define('title_divider', '基本信息', { required: false }));
    expect(screen.getByRole('separator')).toHaveTextContent('基本信息');
    expect(document.querySelector('.ant-form-item')).toBeNull();
  });

  it('edits a type it does not know as a plain input, showing a stored value that is not text as its JSON', async () => {
    const { changes } = renderField(define('legacy_kind', '旧字段'), { a: 1 });
    const input = screen.getByLabelText('旧字段');
    expect(input).toHaveValue('{"a":1}');
    await user.clear(input);
    await user.type(input, '新值');
    expect(changes.at(-1)).toBe('新值');
  });
});

/** A typed editor: the text typed, what it hands on, a refusal of a bad value, and clearing it. */
const typed: { type: string; label: string; extra?: Partial<FieldDefinition>; type_in: string; handed: unknown; bad: unknown; badText: string; placeholder: string }[] = [
  { type: 'text', label: '名称', type_in: '聚企', handed: '聚企', bad: 'x'.repeat(256), badText: '名称最多 255 个字符', placeholder: '请输入名称' },
  { type: 'text', label: '标签', extra: { extend_quantity_min: 2 }, type_in: '甲，乙', handed: '甲，乙', bad: '甲', badText: '标签至少填写 2 个', placeholder: '请输入标签，多个用逗号分隔（至少 2 个）' },
  { type: 'number', label: '人数', type_in: '12', handed: 12, bad: 1.5, badText: '人数应为整数', placeholder: '请输入人数' },
  // Money: typed in yuan, handed on as whole fen (0.29 yuan is 29 fen, not 28.999…).
  { type: 'number', label: '价格', extra: { unit: 'fen' }, type_in: '12.29', handed: 1229, bad: 12.5, badText: '价格应为整数', placeholder: '请输入价格' },
  { type: 'floatnumber', label: '面积', type_in: '1.25', handed: 1.25, bad: 'abc', badText: '面积格式不正确', placeholder: '请输入面积' },
  // Two decimals at most, as the registry stores it.
  { type: 'percent', label: '税率', type_in: '12.345', handed: 12.35, bad: -1, badText: '税率应在 0–100 之间', placeholder: '请输入税率' },
  { type: 'percent', label: '占比', type_in: '12.5', handed: 12.5, bad: 101, badText: '占比应在 0–100 之间', placeholder: '请输入占比' },
  { type: 'mobile', label: '电话', type_in: '010-12345678', handed: '010-12345678', bad: '12345', badText: '电话中有不正确的电话号码', placeholder: '请输入电话，多个用逗号分隔' },
  { type: 'email', label: '邮箱', extra: { extend_quantity_max: 1 }, type_in: 'a@b.cn', handed: 'a@b.cn', bad: 'a@b.cn,c@d.cn', badText: '邮箱最多填写 1 个', placeholder: '请输入邮箱' },
  { type: 'email', label: '备用邮箱', type_in: 'a@b.cn', handed: 'a@b.cn', bad: 'a@b', badText: '备用邮箱中有不正确的邮箱地址', placeholder: '请输入备用邮箱，多个用逗号分隔' },
  { type: 'website', label: '网址', type_in: 'https://juqi.cn', handed: 'https://juqi.cn', bad: 'juqi.cn', badText: '网址应为 http:// 或 https:// 开头的网址', placeholder: '请输入网址，多个用逗号分隔' },
  { type: 'textarea', label: '备注', type_in: '第一行', handed: '第一行', bad: 'x'.repeat(2001), badText: '备注最多 2000 个字符', placeholder: '请输入备注' },
];

describe.each(typed)('$type editor ($label)', ({ type, label, extra, type_in, handed, bad, badText, placeholder }) => {
  it('hands on what is typed, refuses a bad value in words, and asks for the value once cleared', async () => {
    const { changes, form } = renderField(define(type, label, extra));
    const input = screen.getByLabelText(label);
    expect(input).toHaveAttribute('placeholder', placeholder);
    await user.type(input, type_in);
    fireEvent.blur(input);
    await waitFor(() => expect(changes.at(-1)).toBe(handed));
    expect(document.querySelector('.ant-form-item-explain-error')).toBeNull();

    expect(await refusal(form(), bad)).toBe(badText);

    act(() => form().setFieldsValue({ value: handed }));
    await user.clear(input);
    fireEvent.blur(input);
    await expectError(`请输入${label}`);
    expect(changes.at(-1) ?? null).toSatisfy((value: unknown) => value === null || value === '');
  });
});

const pickDay = async (label: string, day: string) => {
  const input = screen.getByLabelText(label);
  await user.click(input);
  fireEvent.change(input, { target: { value: day } });
  fireEvent.keyDown(input, { key: 'Enter' });
};
const clearPicker = async () => {
  const clear = document.querySelector('.ant-picker-clear, .ant-select-clear, .ant-cascader-picker-clear')!;
  fireEvent.mouseDown(clear);
  fireEvent.mouseUp(clear);
  fireEvent.click(clear);
};

/** A picking editor: how it is filled, what it hands on, and a refusal of a bad value. */
const picked: { type: string; label: string; extra?: Partial<FieldDefinition>; fill: (label: string) => Promise<void>; handed: unknown; bad: unknown; badText: string; clear?: (label: string) => Promise<void> }[] = [
  { type: 'date', label: '生日', fill: (label) => pickDay(label, '2026-03-05'), handed: '2026-03-05', bad: '2026-02-30', badText: '生日格式不正确', clear: clearPicker },
  // The platform's clocks (Asia/Shanghai until the settings say otherwise), not the browser's.
  { type: 'datetime', label: '到访时间', fill: (label) => pickDay(label, '2026-03-01 09:30'), handed: '2026-03-01T01:30:00.000Z', bad: '2026-03-01 09:30', badText: '到访时间格式不正确', clear: clearPicker },
  {
    type: 'date_interval',
    label: '合同期',
    fill: async () => {
      const [from, to] = screen.getAllByRole('textbox') as HTMLInputElement[];
      await user.click(from!);
      fireEvent.change(from!, { target: { value: '2026-01-01' } });
      fireEvent.keyDown(from!, { key: 'Enter' });
      fireEvent.change(to!, { target: { value: '2026-01-31' } });
      fireEvent.keyDown(to!, { key: 'Enter' });
    },
    handed: ['2026-01-01', '2026-01-31'],
    bad: ['2026-02-01', '2026-01-01'],
    badText: '合同期格式不正确',
    clear: clearPicker,
  },
  {
    type: 'select',
    label: '颜色',
    extra: { options: colours, required: false },
    fill: async (label) => {
      await user.click(screen.getByRole('combobox', { name: label }));
      await user.click(await visibleOption('蓝'));
    },
    handed: 'blue',
    bad: 'green',
    badText: '颜色格式不正确',
    clear: clearPicker,
  },
  {
    type: 'checkbox',
    label: '喜好',
    extra: { options: colours, extend_quantity_max: 1 },
    fill: () => user.click(screen.getByRole('checkbox', { name: '红' })),
    handed: ['red'],
    bad: ['red', 'blue'],
    badText: '喜好最多填写 1 个',
    clear: () => user.click(screen.getByRole('checkbox', { name: '红' })),
  },
  {
    type: 'cascader',
    label: '地区',
    extra: { options: places },
    fill: async (label) => {
      await user.click(screen.getByRole('combobox', { name: label }));
      await user.click(await waitFor(() => document.querySelector('.ant-cascader-menu-item[title="广东"]')!));
      await user.click(await waitFor(() => document.querySelector('.ant-cascader-menu-item[title="深圳"]')!));
    },
    handed: ['gd', 'sz'],
    bad: ['gd'],
    badText: '地区格式不正确',
    clear: clearPicker,
  },
  { type: 'boolean_value', label: '已婚', fill: () => user.click(screen.getByRole('radio', { name: '否' })), handed: false, bad: 'no', badText: '已婚格式不正确' },
];

describe.each(picked)('$type editor ($label)', ({ type, label, extra, fill, handed, bad, badText, clear }) => {
  it('hands on the stored value picked, refuses a bad value in words, and asks for it once cleared', async () => {
    const definition = define(type, label, extra);
    const { changes, form } = renderField(definition);
    await fill(label);
    await waitFor(() => expect(changes.at(-1)).toEqual(handed));
    expect(await refusal(form(), bad)).toBe(badText);

    act(() => form().setFieldsValue({ value: handed }));
    if (!clear) return;
    await clear(label);
    await waitFor(() => expect(changes.at(-1)).toBeNull());
    if (definition.required) await expectError(`请选择${label}`);
  });
});

it('names an option without an English name in Chinese in the English UI', async () => {
  act(() => usePreferences.setState({ language: 'en-US' }));
  const { changes } = renderField(define('checkbox', '喜好', { options: [...colours, { value: 'green', label: { 'zh-CN': '绿' } }] }));
  await user.click(screen.getByRole('checkbox', { name: '绿' }));
  expect(screen.getByRole('checkbox', { name: 'Red' })).toBeInTheDocument();
  await waitFor(() => expect(changes.at(-1)).toEqual(['green']));
});

it('asks for a required choice that was never made', async () => {
  const { form } = renderField(define('boolean_value', '已婚'));
  expect(await refusal(form(), null)).toBe('请选择已婚');
  expect(screen.getByRole('radio', { name: '是' })).not.toBeChecked();
});

it('words a number outside the definition’s own bounds with them', async () => {
  const { form } = renderField(define('number', '年龄', { min: 16, max: 70 }));
  expect(await refusal(form(), 12)).toBe('年龄应在 16–70 之间');
  cleanup();
  const { form: floor } = renderField(define('floatnumber', '面积', { min: 0.5 }));
  expect(await refusal(floor(), 0.2)).toBe('面积不能小于 0.5');
});

it('shows money in yuan with its sign, and words its bounds in yuan', async () => {
  const { form } = renderField(define('number', '价格', { unit: 'fen', min: 100, max: 5_000_000 }), 1250);
  const input = screen.getByLabelText('价格');
  expect(input).toHaveValue('12.50');
  expect(input.closest('.ant-input-number-affix-wrapper, .ant-input-number')?.textContent).toContain('¥');
  expect(await refusal(form(), 99)).toBe('价格应在 ¥ 1.00–¥ 50,000.00 之间');
  cleanup();
  const { form: floor } = renderField(define('number', '价格', { unit: 'fen', min: 100 }));
  expect(await refusal(floor(), 99)).toBe('价格不能小于 ¥ 1.00');
});

it('shows a rate in basis points as a percentage, hands on whole basis points, and words its bounds as percentages', async () => {
  const { form } = renderField(define('number', '佣金比例', { unit: 'bp', min: 0, max: 5_000 }), 1250);
  const input = screen.getByLabelText('佣金比例');
  expect(input).toHaveValue('12.50');
  expect(input.closest('.ant-input-number-affix-wrapper, .ant-input-number')?.textContent).toContain('%');
  await user.clear(input);
  await user.type(input, '7.25');
  await user.tab();
  await waitFor(() => expect(form().getFieldValue('value')).toBe(725));
  expect(await refusal(form(), 5_001)).toBe('佣金比例应在 0.00%–50.00% 之间');
});

it('shows a stored instant on the platform’s clocks and says which they are', () => {
  renderField(define('datetime', '到访时间'), '2026-03-01T01:30:00.000Z');
  expect(screen.getByLabelText('到访时间')).toHaveValue('2026-03-01 09:30');
  expect(screen.getByText('时间为 UTC+08:00（Asia/Shanghai）')).toBeInTheDocument();
});

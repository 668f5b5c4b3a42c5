import type { FieldDefinition, FieldType } from '@juqi/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, Form, type FormInstance } from 'antd';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { usePreferences } from '../../lib/preferences';
import { fieldViews } from '.';

vi.setConfig({ testTimeout: 60_000 });
const user = userEvent.setup({ delay: null });

const both = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const define = (type: string, key: string, label: [string, string], extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  key,
  type: type as FieldType,
  label: both(...label),
  required: false,
  unique: false,
  sort: 0,
  hidden: false,
  permission: 255,
  ...extra,
});
const items = (extra: Partial<FieldDefinition> = {}) =>
  define('detail_table', 'value', ['明细', 'Items'], {
    sub_fields: [define('text', 'item', ['物品', 'Item']), define('number', 'count', ['数量', 'Quantity'], { required: true })],
    ...extra,
  });

const view = fieldViews.detail_table;

function renderTable(definition: FieldDefinition, initial?: unknown) {
  const form = createRef<FormInstance>();
  render(
    <AntApp>
      <Form ref={form} layout="vertical" initialValues={{ value: initial }}>
        <view.Editor definition={definition} />
      </Form>
    </AntApp>,
  );
  return () => form.current!;
}

const addRow = () => user.click(screen.getByRole('button', { name: /添加一行/ }));
const cellErrors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((error) => error.textContent);

describe('detail table editor', () => {
  it('adds rows, fills their cells with the sub-fields’ editors, removes one, and holds the rows as objects', async () => {
    const form = renderTable(items());
    expect(screen.getByText('明细')).toBeInTheDocument();
    expect(screen.getByText('暂无数据行')).toBeInTheDocument();

    await addRow();
    await addRow();
    await user.type(screen.getByLabelText('第 1 行物品'), '笔');
    await user.type(screen.getByLabelText('第 1 行数量'), '2');
    await user.type(screen.getByLabelText('第 2 行物品'), '纸');
    await user.type(screen.getByLabelText('第 2 行数量'), '5');
    expect(await form().validateFields()).toEqual({
      value: [
        { item: '笔', count: 2 },
        { item: '纸', count: 5 },
      ],
    });

    await user.click(screen.getByRole('button', { name: '删除第 1 行' }));
    expect(form().getFieldValue('value')).toEqual([{ item: '纸', count: 5 }]);
    expect(screen.getByLabelText('第 1 行物品')).toHaveValue('纸');
  });

  it('shows each bad cell’s error under it, worded for its sub-field', async () => {
    const form = renderTable(items());
    await addRow();
    const item = screen.getByLabelText('第 1 行物品');
    fireEvent.change(item, { target: { value: 'x'.repeat(256) } });
    fireEvent.blur(item);
    await waitFor(() => expect(cellErrors()).toEqual(['物品最多 255 个字符']));

    await act(() => form().validateFields().catch(() => undefined));
    await waitFor(() => expect(cellErrors()).toEqual(['物品最多 255 个字符', '请输入数量']));
    expect(screen.getByLabelText('第 1 行数量').closest('.ant-form-item')).toHaveTextContent('请输入数量');
  });

  it('keeps the row count within its bounds: no add at the most, no delete at the least, and says what is missing', async () => {
    const form = renderTable(items({ required: true, extend_quantity_min: 2, extend_quantity_max: 3 }));
    await act(() => form().validateFields().catch(() => undefined));
    await waitFor(() => expect(cellErrors()).toEqual(['请输入明细']));

    await addRow();
    await waitFor(() => expect(cellErrors()).toEqual(['明细至少填写 2 个']));
    expect(screen.queryByRole('button', { name: /删除/ })).toBeNull();
    await addRow();
    await waitFor(() => expect(cellErrors()).toEqual([]));
    expect(screen.queryByRole('button', { name: /删除/ })).toBeNull();
    await addRow();
    expect(screen.queryByRole('button', { name: /添加一行/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /删除第/ })).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: '删除第 3 行' }));
    expect(screen.getByRole('button', { name: /添加一行/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /删除/ })).toBeNull();
  });

  it('starts from the rows the form holds, and stacks them as cards on a phone', async () => {
    window.innerWidth = 375;
    renderTable(items(), [{ item: '笔', count: 2 }]);
    const card = screen.getByText('第 1 行').closest('.ant-card') as HTMLElement;
    expect(within(card).getByLabelText('物品')).toHaveValue('笔');
    expect(within(card).getByLabelText('数量')).toHaveValue('2');
    await user.click(within(card).getByRole('button', { name: '删除第 1 行' }));
    expect(screen.getByText('暂无数据行')).toBeInTheDocument();
  });
});

describe('detail table displays', () => {
  const rows = [
    { item: '笔', count: 2 },
    { item: '纸', count: null },
  ];

  it('counts the rows in a cell, with every row in its tooltip', () => {
    const { container } = render(<view.Cell definition={items()} value={rows} />);
    expect(screen.getByText('2 行')).toHaveAttribute('title', '物品：笔；数量：2\n物品：纸');
    act(() => usePreferences.setState({ language: 'en-US' }));
    expect(screen.getByText('2 rows')).toBeInTheDocument();
    render(<view.Cell definition={items()} value={null} />, { container });
    expect(container).toHaveTextContent('—');
  });

  it('shows the rows as a table of the sub-fields’ details', () => {
    render(<view.Detail definition={items()} value={rows} />);
    const [head, first, second] = screen.getAllByRole('row');
    expect(head).toHaveTextContent('物品数量');
    expect(first).toHaveTextContent('笔2');
    expect(second).toHaveTextContent('纸—');
  });
});

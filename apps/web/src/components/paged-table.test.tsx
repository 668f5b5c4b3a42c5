import type { UseQueryResult } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { Key } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PagedTable, usePaging } from './paged-table';

interface Row {
  id: number;
  name: string;
}
const ROWS: Row[] = [
  { id: 1, name: '宋明' },
  { id: 2, name: '李四' },
];
const list = { data: { count: 2, data: ROWS }, isFetching: false, refetch: vi.fn() } as unknown as UseQueryResult<{ count: number; data: Row[] }>;

function Selectable({ onChange }: { onChange: (keys: Key[]) => void }) {
  const paging = usePaging();
  return <PagedTable<Row> list={list} paging={paging} columns={[{ key: 'name', dataIndex: 'name', title: '姓名', width: 120 }]} scrollX={600} rowSelection={{ onChange }} />;
}

describe('PagedTable with selectable rows', () => {
  it('keeps the select-all box out of reach in antd’s hidden measuring row; the header’s box selects every row', () => {
    const onChange = vi.fn();
    render(<Selectable onChange={onChange} />);
    // antd sizes the columns by a copy of the header row, hidden from assistive technology: its box must not take
    // focus.
    const measuring = document.querySelector('tr[aria-hidden="true"]')!;
    expect(measuring.querySelector('input[type="checkbox"]')?.closest('[inert]')).not.toBeNull();

    const selectAll = screen.getByRole('checkbox', { name: 'Select all' });
    expect(selectAll.closest('[inert]')).toBeNull();
    fireEvent.click(selectAll);
    expect(onChange).toHaveBeenCalledWith([1, 2], ROWS, expect.anything());
  });
});

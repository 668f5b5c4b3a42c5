import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok } from '../../../test/fake-api';
import { renderInShell, staffWith } from '../../../test/render-in-shell';
import { StaffImportButton } from './staff-import';

// The picker's accept filter is a hint a person can override ("all files"): the component checks the name itself.
const user = userEvent.setup({ delay: null, applyAccept: false });
const xlsx = (name = 'staff.xlsx') => new File([new Uint8Array([0x50, 0x4b, 3, 4])], name);
const fileInput = () => document.querySelector<HTMLInputElement>('.ant-modal input[type=file]')!;

describe('StaffImportButton', () => {
  it('sends the file, lists every refused row, and after a good file shows the counts and tells the list', async () => {
    const answers = [
      fail(40000, '2 处数据未通过校验，未导入任何数据', {
        field: 'file',
        rows: [
          { row: 3, field: 'id_card', column: '身份证号', message: 'not an identity card number' },
          { row: 5, field: 'test_level', column: '职级', message: '没有名为“特级”的选项' },
        ],
      }),
      ok({ added: 2, updated: 1, unchanged: 4 }),
    ];
    const seen = fakeApi({ 'POST /api/personnel/staff_import': () => answers.shift()! });
    const onImported = vi.fn();
    renderInShell(<StaffImportButton onImported={onImported} />, { profile: staffWith('personnel.import') });

    await user.click(screen.getByRole('button', { name: /导入 Excel/ }));
    await user.upload(fileInput(), xlsx());
    expect(await screen.findByText(/2 处数据未通过校验/)).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['3', '身份证号', 'not an identity card number'],
      ['5', '职级', '没有名为“特级”的选项'],
    ]);
    expect(((seen[0]!.body as FormData).get('file') as File).name).toBe('staff.xlsx');
    expect(onImported).not.toHaveBeenCalled();

    await user.upload(fileInput(), xlsx());
    expect(await screen.findByText('导入完成：新增 2 人，更新 1 人，4 人无变化')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(onImported).toHaveBeenCalledWith({ added: 2, updated: 1, unchanged: 4 });
  });

  it('refuses a file that is not .xlsx before sending it, and is hidden without personnel.import', async () => {
    const seen = fakeApi({});
    const { unmount } = renderInShell(<StaffImportButton />, { profile: staffWith('personnel.import') });
    await user.click(screen.getByRole('button', { name: /导入 Excel/ }));
    await user.upload(fileInput(), xlsx('staff.csv'));
    expect(await screen.findByText('请选择 .xlsx 格式的 Excel 文件')).toBeInTheDocument();
    expect(seen).toEqual([]);
    unmount();

    renderInShell(<StaffImportButton />, { profile: staffWith('personnel.view') });
    expect(screen.queryByRole('button', { name: /导入 Excel/ })).not.toBeInTheDocument();
  });
});

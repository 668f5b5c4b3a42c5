import { keyword, keywordCalls } from '@juqi/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fail, fakeApi } from '../../../test/fake-api';
import { renderInShell, staffWith } from '../../../test/render-in-shell';
import { KeywordPage } from './keyword-page';

vi.setConfig({ testTimeout: 60_000 });
const user = userEvent.setup({ delay: null, applyAccept: false });
const file = () => document.querySelector<HTMLInputElement>('.ant-modal input[type=file]')!;

describe('总关键词库’s import', () => {
  it('says how many problems a refused file has when the report lists only the first, and after a good file the counts', async () => {
    const answers = [
      fail(40000, '2000 处数据未通过校验，未导入任何数据', { field: 'file', rows: [{ row: 4, field: 'type', column: '关键词类型', message: '没有此关键词类型' }], problems: 2000 }),
      answerOf(keywordCalls.import, { added: 99_000, unchanged: 1000 }),
    ];
    fakeApi({
      [`POST ${keyword.calls.list.path}`]: () => answerOf(keyword.calls.list, { count: 0, data: [] }),
      [`POST ${keywordCalls.import.path}`]: () => answers.shift()!,
    });
    renderInShell(<KeywordPage />, { path: keyword.menu, profile: staffWith(keyword.operations.view, 'keyword.keyword.import') });

    await user.click(await screen.findByRole('button', { name: /导入 Excel/ }));
    await user.upload(file(), new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'keywords.xlsx'));
    expect(await screen.findByText(/2000 处数据未通过校验/)).toBeInTheDocument();
    expect(screen.getByText('下表列出前 1 处。')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '没有此关键词类型' })).toBeInTheDocument();

    await user.upload(file(), new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'keywords.xlsx'));
    expect(await screen.findByText('导入完成：新增 99000 个关键词，1000 个已存在')).toBeInTheDocument();
  });

  it('shows no import to staff without its operation', async () => {
    fakeApi({ [`POST ${keyword.calls.list.path}`]: () => answerOf(keyword.calls.list, { count: 0, data: [] }) });
    renderInShell(<KeywordPage />, { path: keyword.menu, profile: staffWith(keyword.operations.view) });
    expect(await screen.findByRole('button', { name: /列设置/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导入 Excel/ })).not.toBeInTheDocument();
  });
});

import { casePlatform } from '@juqi/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi, fail, file, ok, type SeenRequest } from '../../test/fake-api';
import { currentUrl, renderInShell, staffWith } from '../../test/render-in-shell';
import { ResourcePage, type ResourcePageOptions } from './resource-page';

vi.setConfig({ testTimeout: 60_000 });

const at = '2026-03-01T08:00:00.000Z';
const rows = [
  { id: 1, name: '抖音', remark: '短视频平台', sort: 1, enabled: true, updated_at: at },
  { id: 2, name: '小红书', remark: '', sort: 2, enabled: false, updated_at: at },
];
const row = (text: string) => screen.getByText(text).closest('tr')!;
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const listCalls = (seen: SeenRequest[]) => seen.filter((r) => r.url === '/api/case/platform_list');
const path = casePlatform.menu;

describe('ResourcePage over casePlatform', () => {
  it('lists the declared columns by their registry types, with the filters in the URL', async () => {
    const seen = fakeApi({ 'POST /api/case/platform_list': () => ok({ count: 2, data: rows }) });
    renderInShell(<ResourcePage resource={casePlatform} />, { path });
    expect(await screen.findByText('抖音')).toBeInTheDocument();
    expect(screen.getByText('案例平台')).toBeInTheDocument();
    expect(within(row('抖音')).getByText('短视频平台')).toBeInTheDocument();
    // 启用 is a yes / no field: 是 or 否, as the registry's boolean_value shows it.
    expect(within(row('抖音')).getByText('是')).toBeInTheDocument();
    expect(within(row('小红书')).getByText('否')).toBeInTheDocument();
    // Shown in the platform's zone (Asia/Shanghai), not as the raw instant.
    expect(within(row('抖音')).getByText('2026-03-01 16:00')).toBeInTheDocument();
    expect(listCalls(seen)[0]!.body).toEqual({ page: 1, limit: 20 });

    fill(screen.getByRole('searchbox', { name: '搜索平台名称' }), ' 抖 ');
    await userEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(listCalls(seen).at(-1)!.body).toEqual({ keyword: '抖', page: 1, limit: 20 }));
    expect(currentUrl()).toBe(`${path}?keyword=%E6%8A%96`);
  });

  it('refuses an empty name without calling the API, adds a valid record and refreshes the list', async () => {
    let added = false;
    const seen = fakeApi({
      'POST /api/case/platform_list': () => ok(added ? { count: 3, data: [...rows, { id: 3, name: '视频号', remark: '', sort: 5, enabled: false, updated_at: at }] } : { count: 2, data: rows }),
      'POST /api/case/platform_add': () => {
        added = true;
        return ok({ id: 3 });
      },
    });
    renderInShell(<ResourcePage resource={casePlatform} />, { path, profile: staffWith('case.platform.view', 'case.platform.edit') });
    await userEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    // A new record starts from the declared defaults.
    expect(within(dialog).getByLabelText('排序')).toHaveValue('0');
    expect(within(dialog).getByRole('radio', { name: '是' })).toBeChecked();

    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入平台名称')).toBeInTheDocument();
    expect(seen.some((r) => r.url === '/api/case/platform_add')).toBe(false);

    fill(within(dialog).getByLabelText('平台名称'), '  视频号 ');
    fill(within(dialog).getByLabelText('排序'), '5');
    await userEvent.click(within(dialog).getByRole('radio', { name: '否' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.find((r) => r.url === '/api/case/platform_add')!.body).toEqual({ name: '视频号', remark: '', sort: 5, enabled: false });
    expect(await screen.findByText('视频号')).toBeInTheDocument();
  });

  it('puts a 40900 naming the name on the name field, and edits from the fresh record', async () => {
    const seen = fakeApi({
      'POST /api/case/platform_list': () => ok({ count: 2, data: rows }),
      'POST /api/case/platform_details': () => ok({ ...rows[1], remark: '种草' }),
      'POST /api/case/platform_edit': () => fail(40900, 'name: 已存在', { field: 'name' }),
    });
    renderInShell(<ResourcePage resource={casePlatform} />, { path });
    await screen.findByText('小红书');
    await userEvent.click(within(row('小红书')).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByDisplayValue('种草')).toBeInTheDocument();
    fill(within(dialog).getByLabelText('平台名称'), '抖音');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('该平台名称已存在')).toBeInTheDocument();
    expect(seen.find((r) => r.url === '/api/case/platform_edit')!.body).toEqual({ id: 2, name: '抖音', remark: '种草', sort: 2, enabled: false });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('deletes after confirmation', async () => {
    const seen = fakeApi({ 'POST /api/case/platform_list': () => ok({ count: 2, data: rows }), 'POST /api/case/platform_del': () => ok(null) });
    renderInShell(<ResourcePage resource={casePlatform} />, { path });
    await screen.findByText('抖音');
    // Under the row's 更多, on the same line as 详情 and 编辑.
    await userEvent.click(within(row('抖音')).getByRole('button', { name: /更多/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /删除/ }));
    expect(await screen.findByText('确定删除“抖音”吗？', { selector: '.ant-modal-confirm-title' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^删\s*除$/ }));
    await waitFor(() => expect(seen.find((r) => r.url === '/api/case/platform_del')?.body).toEqual({ id: 1 }));
    await waitFor(() => expect(listCalls(seen)).toHaveLength(2));
  });

  it('shows a staff with only the view operation no 新增, 编辑 or 删除, and every field of a record in its details', async () => {
    const long = '平台介绍'.repeat(20);
    fakeApi({
      'POST /api/case/platform_list': () => answerOf(casePlatform.calls.list, { count: 2, data: rows }),
      'POST /api/case/platform_details': () => answerOf(casePlatform.calls.details, { ...rows[0]!, remark: long }),
    });
    renderInShell(<ResourcePage resource={casePlatform} />, { path, profile: staffWith('case.platform.view') });
    await screen.findByText('抖音');
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    // Nothing under 更多 for them: no 更多.
    expect(screen.queryByRole('button', { name: /更多/ })).toBeNull();

    await userEvent.click(within(row('抖音')).getByRole('button', { name: /详\s*情/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('详情 · 案例平台')).toBeInTheDocument();
    expect(await within(drawer).findByText(long)).toBeInTheDocument();
    for (const label of ['平台名称', '备注', '排序', '更新时间']) expect(within(drawer).getByText(label)).toBeInTheDocument();
    expect(within(drawer).getByText('启用')).toBeInTheDocument();
    expect(within(drawer).getByText('是')).toBeInTheDocument();
    expect(within(drawer).getByText('2026-03-01 16:00')).toBeInTheDocument();
  });

  it('exports every record the filter matches for a staff holding the export; with none matching there is nothing to export', async () => {
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:test/0');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    let count = 2;
    const seen = fakeApi({
      'POST /api/case/platform_list': () => answerOf(casePlatform.calls.list, { count, data: rows.slice(0, count) }),
      'POST /api/case/platform_export': () =>
        file(['PK\u0003\u0004'], {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename="Case platform.xlsx"; filename*=UTF-8''${encodeURIComponent('案例平台-20260301-0930.xlsx')}`,
          'x-export-rows': '2',
          'x-export-estimated-bytes': '9000',
        }),
    });
    renderInShell(<ResourcePage resource={casePlatform} />, { path: `${path}?enabled=true`, profile: staffWith('case.platform.view', 'case.platform.export') });
    await screen.findByText('抖音');
    await userEvent.click(screen.getByRole('button', { name: /导出 Excel/ }));
    expect(await screen.findByText('已导出 2 条案例平台：案例平台-20260301-0930.xlsx')).toBeInTheDocument();
    expect(saved).toEqual(['案例平台-20260301-0930.xlsx']);
    // The list's filter, not its page.
    expect(seen.filter((r) => r.url === '/api/case/platform_export').map((r) => r.body)).toEqual([{ enabled: true }]);
    click.mockRestore();

    count = 0;
    fill(screen.getByRole('searchbox', { name: '搜索平台名称' }), '无此平台');
    await userEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /导出 Excel/ })).toBeDisabled());
  });

  it('offers no export to a staff without the export operation', async () => {
    fakeApi({ 'POST /api/case/platform_list': () => answerOf(casePlatform.calls.list, { count: 2, data: rows }) });
    renderInShell(<ResourcePage resource={casePlatform} />, { path, profile: staffWith('case.platform.view', 'case.platform.edit') });
    await screen.findByText('抖音');
    expect(screen.getByRole('button', { name: /新\s*增/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导出 Excel/ })).toBeNull();
  });

  it('hides a column the staff unticks in 列设置, and remembers it for the next visit', async () => {
    fakeApi({ 'POST /api/case/platform_list': () => answerOf(casePlatform.calls.list, { count: 2, data: rows }) });
    const first = renderInShell(<ResourcePage resource={casePlatform} />, { path });
    await screen.findByText('抖音');
    expect(screen.getByRole('columnheader', { name: '备注' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /列设置/ }));
    await userEvent.click(await screen.findByRole('checkbox', { name: '备注' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: '备注' })).toBeNull());
    expect(screen.queryByText('短视频平台')).toBeNull();
    first.unmount();

    renderInShell(<ResourcePage resource={casePlatform} />, { path });
    await screen.findByText('抖音');
    expect(screen.queryByRole('columnheader', { name: '备注' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: '平台名称' })).toBeInTheDocument();
  });

  it('draws what a screen adds: its own cells, row actions, tools and form parts', async () => {
    fakeApi({ 'POST /api/case/platform_list': () => answerOf(casePlatform.calls.list, { count: 2, data: rows }) });
    const options: ResourcePageOptions = {
      cells: { name: (value, record) => <a href={`#${record.id}`}>{`平台：${String(value)}`}</a> },
      rowMenu: (record) => [{ key: 'stats', label: '统计', open: (close) => <button type="button" onClick={close}>{`统计 ${record.id}`}</button> }],
      tools: <button type="button">导入</button>,
      formExtra: (id) => <p>{id === null ? '新平台须审核' : `编辑 ${id}`}</p>,
    };
    renderInShell(<ResourcePage resource={casePlatform} options={options} />, { path, profile: staffWith('case.platform.view', 'case.platform.edit') });
    expect(await screen.findByRole('link', { name: '平台：抖音' })).toHaveAttribute('href', '#1');
    await userEvent.click(within(screen.getByRole('link', { name: '平台：小红书' }).closest('tr')!).getByRole('button', { name: /更多/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '统计' }));
    // What it opens is mounted until it closes itself.
    await userEvent.click(await screen.findByRole('button', { name: '统计 2' }));
    expect(screen.queryByRole('button', { name: '统计 2' })).toBeNull();
    expect(screen.getByRole('button', { name: '导入' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    expect(await within(await screen.findByRole('dialog')).findByText('新平台须审核')).toBeInTheDocument();
  });
});

import { industryResource } from '@juqi/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi, fail, type SeenRequest, refused } from '../../../test/fake-api';
import { currentUrl, renderInShell, staffWith } from '../../../test/render-in-shell';
import { IndustryPage } from './industry-page';

vi.setConfig({ testTimeout: 60_000 });

const user = userEvent.setup({ delay: null });
const at = '2026-03-01T08:00:00.000Z';
const industry = (id: number, name: string, parentId: number | null = null, extra: Record<string, unknown> = {}) => ({ id, name, parent_id: parentId, sort: id * 10, enabled: true, updated_at: at, ...extra });
const tops = [industry(1, '餐饮美食'), industry(2, '教育培训', null, { enabled: false })];
const children: Record<number, ReturnType<typeof industry>[]> = { 1: [industry(11, '火锅', 1), industry(12, '西餐', 1)], 2: [] };
const path = industryResource.menu;
const calls = industryResource.calls;

type Body = { parent_id?: number | null; keyword?: string; enabled?: boolean };
const listed = (body: Body) => {
  if (body.keyword) return [industry(11, '火锅', 1), industry(30, '火锅食材')].filter((row) => row.name.includes(body.keyword!));
  return body.parent_id === null ? tops : (children[body.parent_id!] ?? []);
};
function api(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'POST /api/general/industry_list': ({ body }) => {
      const data = listed(body as Body);
      return answerOf(calls.list, { count: data.length, data });
    },
    ...extra,
  });
}
const requests = (seen: SeenRequest[], url: string) => seen.filter((r) => r.url === url).map((r) => r.body as Record<string, unknown>);
const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
/** antd's expand button, named in antd's locale. */
const EXPAND = /展开|Expand/;
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('行业设置', () => {
  it('lists the top-level industries and opens one onto its sub-industries', async () => {
    const seen = api();
    renderInShell(<IndustryPage />, { path });
    expect(await screen.findByText('餐饮美食')).toBeInTheDocument();
    expect(within(rowOf('教育培训')).getByText('停用')).toBeInTheDocument();
    expect(requests(seen, calls.list.path)).toContainEqual({ parent_id: null, page: 1, limit: 20 });
    expect(screen.queryByText('火锅')).toBeNull();

    await user.click(within(rowOf('餐饮美食')).getByRole('button', { name: EXPAND }));
    const section = await screen.findByRole('region', { name: '“餐饮美食”的子行业' });
    expect(await within(section).findByText('火锅')).toBeInTheDocument();
    expect(within(section).getByText('西餐')).toBeInTheDocument();
    expect(requests(seen, calls.list.path)).toContainEqual({ parent_id: 1, page: 1, limit: 50 });
    // A sub-industry has no sub-industries of its own.
    expect(within(rowOf('火锅')).queryByRole('button', { name: /新增子行业/ })).toBeNull();

    await user.click(within(rowOf('教育培训')).getByRole('button', { name: EXPAND }));
    expect(await screen.findByText('暂无子行业')).toBeInTheDocument();
  });

  it('adds a sub-industry under the industry whose row it was asked from, and refreshes the list', async () => {
    const seen = api({
      'POST /api/general/industry_add': ({ body }) => {
        children[1] = [...children[1]!, industry(13, (body as { name: string }).name, 1)];
        return answerOf(calls.add!, { id: 13 });
      },
    });
    renderInShell(<IndustryPage />, { path, profile: staffWith('general.industry.view', 'general.industry.edit') });
    await user.click(within(await screen.findByText('餐饮美食').then((cell) => cell.closest('tr')!)).getByRole('button', { name: /新增子行业/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新增子行业')).toBeInTheDocument();
    // Saving without a name is refused in the form.
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入行业名称')).toBeInTheDocument();
    expect(requests(seen, calls.add!.path)).toEqual([]);

    fill(within(dialog).getByLabelText('行业名称'), ' 烧烤 ');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests(seen, calls.add!.path)).toEqual([{ name: '烧烤', parent_id: 1, sort: 0, enabled: true }]);

    await user.click(within(rowOf('餐饮美食')).getByRole('button', { name: EXPAND }));
    expect(await screen.findByText('烧烤')).toBeInTheDocument();
    children[1] = children[1]!.filter((row) => row.id !== 13);
  });

  it('shows the server’s refusals on their fields: a third level on the parent, a sibling’s name on the name', async () => {
    let answer = refused(['parent_id', '上级', '行业 11 是二级行业：行业只有两级']);
    const seen = api({
      'POST /api/general/industry_details': () => answerOf(calls.details, industry(2, '教育培训', null, { enabled: false })),
      'POST /api/general/industry_edit': () => answer,
    });
    renderInShell(<IndustryPage />, { path });
    await user.click(within(await screen.findByText('教育培训').then((cell) => cell.closest('tr')!)).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('编辑行业')).toBeInTheDocument();
    expect(await within(dialog).findByDisplayValue('教育培训')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('行业只有两级：子行业下不能再建子行业。', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    // A top-level industry's parent is sent as none.
    expect(requests(seen, calls.edit!.path)[0]).toMatchObject({ id: 2, parent_id: null });

    answer = fail(40900, '同一上级下已有同名行业', { field: 'name' });
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('同一上级下已有同名行业', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('searches both levels and names each match’s parent, with the words in the URL', async () => {
    const seen = api();
    renderInShell(<IndustryPage />, { path });
    await screen.findByText('餐饮美食');
    fill(screen.getByRole('searchbox', { name: '搜索行业名称' }), '火锅');
    await user.click(screen.getByRole('button', { name: /搜\s*索/ }));
    expect(await screen.findByText('火锅食材')).toBeInTheDocument();
    expect(within(rowOf('火锅')).getByText('餐饮美食')).toBeInTheDocument();
    expect(within(rowOf('火锅食材')).getByText('一级行业')).toBeInTheDocument();
    expect(requests(seen, calls.list.path).at(-1)).toEqual({ keyword: '火锅', page: 1, limit: 20 });
    expect(currentUrl()).toBe(`${path}?keyword=%E7%81%AB%E9%94%85`);
  });

  it('offers no add, edit or delete to staff who may only view', async () => {
    api();
    renderInShell(<IndustryPage />, { path, profile: staffWith('general.industry.view') });
    await screen.findByText('餐饮美食');
    expect(screen.queryByRole('button', { name: /新增行业/ })).toBeNull();
    expect(within(rowOf('餐饮美食')).queryByRole('button', { name: /编\s*辑|删\s*除|新增子行业/ })).toBeNull();
  });
});

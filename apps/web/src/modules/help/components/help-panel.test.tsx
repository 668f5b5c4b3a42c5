import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { categoryFixture as fx, fakeApi, ok, renderInShell } from '../testing';
import { HelpPanel } from './help-panel';
import { visibleOption } from '../../../test/antd';

vi.setConfig({ testTimeout: 60_000 });

const body = (request: { body: unknown }) => request.body as Record<string, number>;

/** The server's function table, in category order: the first function of the first subcategory that has any. */
function firstFunctionOf(categories: typeof fx) {
  for (const top of categories.tops) {
    for (const sub of top.options) {
      const fn = (categories.functions[sub.id] ?? [])[0] as { id: number; name: string } | undefined;
      if (fn) return ok({ count: 1, data: [{ ...fn, pid: sub.id, sort: 1, category_name: sub.name, top_category_id: top.id, top_category_name: top.name, updated_at: '' }] });
    }
  }
  return ok({ count: 0, data: [] });
}

function fakeHelp(categories = fx) {
  return fakeApi({
    'POST /api/help/powerlist': (r) => ok(body(r).level_id === 1 ? categories.tops : Object.values(categories.subs).flat()),
    'POST /api/help/powerlistsubset': (r) => ok(categories.subs[body(r).pid] ?? []),
    'POST /api/help/function_inform': (r) => ok(categories.functions[body(r).pid] ?? []),
    'POST /api/help/function_introduction': () => firstFunctionOf(categories),
    'POST /api/help/help_manual': () =>
      ok({
        count: 2,
        data: [
          { id: 7, name: '系统设置', path: '/permission/homepage', explains: '站点名称与 Logo', sort: 1, updated_at: '2026-05-01T00:00:00Z' },
          { id: 8, name: '角色设置', path: '/permission/role', explains: '角色与授权', sort: 2, updated_at: '2026-05-01T00:00:00Z' },
        ],
      }),
    'POST /api/help/help_manual_find': (r) =>
      ok({
        id: body(r).id,
        name: body(r).id === 8 ? '角色设置' : '系统设置',
        path: '',
        explains: body(r).id === 8 ? '角色与授权' : '站点名称与 Logo',
        content: body(r).id === 8 ? '<h3>新增角色</h3><script>window.__xss=1</script>' : '<p>上传 Logo</p>',
        sort: 1,
        updated_at: '2026-05-01T00:00:00Z',
      }),
    'POST /api/help/upgrade_log': () =>
      ok({
        id: 1,
        name: '聚企中台',
        count: 2,
        data: [
          { id: 2, log_id: 1, name: '中台 2.0', version_number: 'v2.0.0', up_time: '2026-02-28', content: '<h3>全新界面</h3>' },
          { id: 1, log_id: 1, name: '正式上线', version_number: 'v1.0.0', up_time: '2025-03-01', content: '<p>第一个版本</p>' },
        ],
      }),
  });
}

const combo = (name: string) => screen.getByRole('combobox', { name });

async function choose(name: string, option: string) {
  await userEvent.click(combo(name));
  const item = await visibleOption(option);
  await userEvent.click(item);
}

describe('HelpPanel', () => {
  it('feature introduction: the first category and subcategory are chosen and their functions shown as sanitised rich text', async () => {
    const seen = fakeHelp();
    renderInShell(<HelpPanel />);
    expect(screen.getByRole('tab', { name: '功能介绍', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('角色授权')).toBeInTheDocument();
    expect(screen.getByText('新增角色')).toBeInTheDocument();
    // The first entry is open; its explanation is rendered without the handler.
    const explain = await screen.findByText('授权');
    expect(explain.tagName).toBe('STRONG');
    expect(document.querySelector('img[onerror]')).toBeNull();
    expect(seen.map((r) => [r.url, r.body])).toEqual([
      ['/api/help/powerlist', { level_id: 1 }],
      ['/api/help/function_introduction', { page: 1, limit: 1 }],
      ['/api/help/powerlistsubset', { pid: 1 }],
      ['/api/help/function_inform', { pid: 11 }],
    ]);
  });

  it('feature introduction opens on the first subcategory that has functions, not on an empty first category', async () => {
    const seen = fakeHelp({ ...fx, functions: { ...fx.functions, 11: [] } });
    renderInShell(<HelpPanel />);
    expect(await screen.findByText('审核实名')).toBeInTheDocument();
    expect(within(combo('一级分类').closest('.ant-select')!).getByText('用户中心')).toBeInTheDocument();
    expect(within(combo('二级分类').closest('.ant-select')!).getByText('实名认证')).toBeInTheDocument();
    expect(screen.queryByText('暂无数据')).toBeNull();
    // Straight to it: the empty categories are not fetched on the way.
    expect(seen.filter((r) => r.url === '/api/help/function_inform').map((r) => r.body)).toEqual([{ pid: 21 }]);
  });

  it('feature introduction says so when no category has functions', async () => {
    fakeHelp({ ...fx, functions: {} });
    renderInShell(<HelpPanel />);
    expect(await screen.findByText('还没有功能介绍')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: '一级分类' })).toBeNull();
  });

  it('the subcategory list follows the top category, and the accordion follows the subcategory', async () => {
    const seen = fakeHelp();
    renderInShell(<HelpPanel />);
    await screen.findByText('角色授权');

    await choose('二级分类', '站点');
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    expect(screen.queryByText('角色授权')).toBeNull();

    await choose('一级分类', '用户中心');
    expect(await screen.findByText('审核实名')).toBeInTheDocument();
    await waitFor(() => expect(within(combo('二级分类').closest('.ant-select')!).getByText('实名认证')).toBeInTheDocument());
    expect(seen.filter((r) => r.url === '/api/help/powerlistsubset').map((r) => r.body)).toEqual([{ pid: 1 }, { pid: 2 }]);
    expect(seen.filter((r) => r.url === '/api/help/function_inform').map((r) => r.body)).toEqual([{ pid: 11 }, { pid: 12 }, { pid: 21 }]);
  });

  it('the accordion keeps one function open at a time', async () => {
    fakeHelp();
    renderInShell(<HelpPanel />);
    await screen.findByText('角色授权');
    await userEvent.click(screen.getByText('新增角色'));
    expect(await screen.findByText('填写角色名称。')).toBeInTheDocument();
    const functions = screen.getByRole('group', { name: '功能说明' });
    expect(within(functions).getByRole('button', { name: /新增角色/ })).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(within(functions).getByRole('button', { name: /角色授权/ })).toHaveAttribute('aria-expanded', 'false'));
  });

  it('help manual: a menu list, a manual with name, explanation and content, and a back link', async () => {
    fakeHelp();
    renderInShell(<HelpPanel />);
    await userEvent.click(screen.getByRole('tab', { name: '帮助手册' }));
    const list = await screen.findByRole('navigation', { name: '手册目录' });
    await userEvent.click(within(list).getByText('角色设置'));

    expect(await screen.findByRole('heading', { name: '角色设置' })).toBeInTheDocument();
    expect(screen.getByText('角色与授权')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '新增角色' })).toBeInTheDocument();
    expect(document.querySelector('.rich-text script')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /返回/ }));
    expect(await screen.findByRole('navigation', { name: '手册目录' })).toBeInTheDocument();
  });

  it('help manual: the manual of the page behind the drawer opens first', async () => {
    fakeHelp();
    renderInShell(<HelpPanel />, { path: '/permission/homepage' });
    await userEvent.click(screen.getByRole('tab', { name: '帮助手册' }));
    expect(await screen.findByRole('heading', { name: '系统设置' })).toBeInTheDocument();
    expect(screen.getByText('上传 Logo')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /返回/ }));
    const list = await screen.findByRole('navigation', { name: '手册目录' });
    expect(within(list).getByText('当前页面')).toBeInTheDocument();
  });

  it('upgrade log: a timeline of version, name, date and notes from log 1, newest first', async () => {
    const seen = fakeHelp();
    renderInShell(<HelpPanel />);
    await userEvent.click(screen.getByRole('tab', { name: '升级日志' }));
    const entries = await screen.findAllByRole('region');
    expect(entries.map((e) => e.getAttribute('aria-label'))).toEqual(['v2.0.0 中台 2.0', 'v1.0.0 正式上线']);
    expect(within(entries[0]!).getByText('2026-02-28')).toBeInTheDocument();
    expect(within(entries[0]!).getByRole('heading', { name: '全新界面' })).toBeInTheDocument();
    expect(seen.find((r) => r.url === '/api/help/upgrade_log')?.body).toEqual({ id: 1, page: 1, limit: 20 });
  });

  it('says there is no feature introduction when there are no categories', async () => {
    fakeApi({ 'POST /api/help/powerlist': () => ok([]), 'POST /api/help/function_introduction': () => ok({ count: 0, data: [] }) });
    renderInShell(<HelpPanel />);
    expect(await screen.findByText('还没有功能介绍')).toBeInTheDocument();
  });
});

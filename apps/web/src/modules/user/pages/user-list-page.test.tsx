import { userCalls } from '@juqi/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerOf,
  currentUrl,
  detailOf,
  fakeApi,
  file,
  keysetPage,
  renderInShell,
  staffWith,
  userRow,
  type SeenRequest,
} from '../testing';
import { usePreferences } from '../../../lib/preferences';
import { USER_COLUMNS_STORAGE_KEY, UserListPage } from './user-list-page';
import { visibleOption } from '../../../test/antd';

// antd is slow in jsdom on two cores: no delay between keystrokes, and time for the dialogs.
const user = userEvent.setup({ delay: null });

const zhang = userRow(1, '张三', { type_user: 1, order_count: 120 });
const li = userRow(2, '李四');
const wang = userRow(3, '王五');
const options = { pw_list: [{ id: 3, name: '文案策划' }], level_list: [{ level: 1, name: '青铜会员' }], quantity_list: [] };

type Handlers = Parameters<typeof fakeApi>[0];
function api(extra: Handlers = {}) {
  return fakeApi({
    'POST /api/user/lists': ({ body }) =>
      (body as { cursor?: string }).cursor === 'c2' ? answerOf(userCalls.lists, keysetPage([wang], 3)) : answerOf(userCalls.lists, keysetPage([zhang, li], 3, 'c2')),
    'POST /api/user/user_select_search_list': () => answerOf(userCalls.selectSearchList, options),
    'POST /api/user/details': () => answerOf(userCalls.details, detailOf(zhang, { invited_count: 4 })),
    ...extra,
  });
}

const listRequests = (seen: SeenRequest[]) => seen.filter((r) => r.url === '/api/user/lists').map((r) => r.body as Record<string, unknown>);
const combo = (name: string) => screen.getByRole('combobox', { name });
/** The table row showing `name` (a virtual table's rows are divs). */
const rowOf = async (name: string) => (await screen.findByText(name, { selector: '.ant-table-row .user-cell__name' })).closest('.ant-table-row') as HTMLElement;

async function choose(name: string, option: string) {
  await user.click(combo(name));
  const item = await visibleOption(option);
  await user.click(item);
}

describe('UserListPage', () => {
  it('lists the users matching the filter in its URL, shows the filter in the bar and the count', async () => {
    const seen = api();
    renderInShell(<UserListPage />, {
      path: '/user/list?type_user=1&quantity=3&time_quantum=2026-01-01&time_quantum=2026-01-31&sort=order_count&order=asc',
    });
    const row = await rowOf('张三');
    expect(within(row).getByText('13800000001')).toBeInTheDocument();
    expect(within(row).getByText('代理')).toBeInTheDocument();
    expect(within(row).getByText('12,345.67')).toBeInTheDocument();
    // Registered 02:00 UTC: 10:00 in the platform's zone (Asia/Shanghai by default), named once above the list.
    expect(within(row).getByText('2026-01-05 10:00')).toBeInTheDocument();
    expect(screen.getByText('时间为 UTC+08:00（Asia/Shanghai）')).toBeInTheDocument();
    expect(screen.getByText('共 3 位用户')).toBeInTheDocument();
    expect(listRequests(seen)[0]).toEqual({
      type_user: 1,
      quantity: 3,
      time_quantum: ['2026-01-01', '2026-01-31'],
      sort: 'order_count',
      order: 'asc',
      limit: 100,
    });
    expect(combo('用户类型').closest('.ant-select')).toHaveTextContent('代理');
    expect(combo('订单数').closest('.ant-select')).toHaveTextContent('100-300');
    expect(screen.getByDisplayValue('2026-01-01')).toBeInTheDocument();
    // Options from the server fill the level and post filters.
    expect(await screen.findByRole('combobox', { name: '等级' })).toBeInTheDocument();
  });

  it('writes a chosen filter to the URL and reads the list again from the top; clearing empties both', async () => {
    const seen = api();
    renderInShell(<UserListPage />, { path: '/user/list?quantity=2' });
    await rowOf('张三');
    await choose('用户来源', '渠道用户');
    await waitFor(() => expect(currentUrl()).toBe('/user/list?system_id=2&quantity=2'));
    await waitFor(() => expect(listRequests(seen).at(-1)).toEqual({ system_id: 2, quantity: 2, sort: 'registered_at', order: 'desc', limit: 100 }));

    // The keyword applies after a pause in typing.
    await user.type(screen.getByRole('searchbox', { name: '姓名 / 手机号 / ID' }), '张');
    await waitFor(() => expect(currentUrl()).toBe(`/user/list?keyword=${encodeURIComponent('张')}&system_id=2&quantity=2`));
    await waitFor(() => expect(listRequests(seen).at(-1)).toMatchObject({ keyword: '张', system_id: 2 }));

    await user.click(screen.getByRole('button', { name: /清空筛选 \(3\)/ }));
    await waitFor(() => expect(currentUrl()).toBe('/user/list'));
    expect(screen.getByRole('searchbox', { name: '姓名 / 手机号 / ID' })).toHaveValue('');
  });

  it('reads the next page with the cursor when the table is scrolled to its end', async () => {
    const seen = api();
    const { container } = renderInShell(<UserListPage />, { path: '/user/list' });
    await rowOf('张三');
    expect(screen.getByText('已加载 2 / 3 条')).toBeInTheDocument();
    fireEvent.scroll(container.querySelector('.ant-table-tbody-virtual-holder')!);
    expect(await rowOf('王五')).toBeInTheDocument();
    expect(listRequests(seen).at(-1)).toMatchObject({ cursor: 'c2', sort: 'registered_at', limit: 100 });
    expect(screen.getByText('已全部加载，共 3 条')).toBeInTheDocument();
  });

  it('sorts by a column header, and the order goes to the URL', async () => {
    const seen = api({
      // The server's answer in the order asked for: most orders first.
      'POST /api/user/lists': ({ body }) => answerOf(userCalls.lists, keysetPage((body as { sort: string }).sort === 'order_count' ? [zhang, li, wang] : [li, wang, zhang], 3)),
    });
    renderInShell(<UserListPage />, { path: '/user/list' });
    await rowOf('李四');
    await user.click(screen.getByRole('columnheader', { name: /订单数/ }));
    await waitFor(() => expect(currentUrl()).toBe('/user/list?sort=order_count'));
    // The sorted page has arrived when 张三 leads; until then the table is dimmed and takes no clicks, as in a browser.
    await waitFor(() => expect(document.querySelector('.ant-table-row .user-cell__name')).toHaveTextContent('张三'));
    await waitFor(() => expect(document.querySelector('.ant-spin-blur')).toBeNull());
    await user.click(screen.getByRole('columnheader', { name: /订单数/ }));
    await waitFor(() => expect(currentUrl()).toBe('/user/list?sort=order_count&order=asc'));
    await waitFor(() => expect(listRequests(seen).at(-1)).toMatchObject({ sort: 'order_count', order: 'asc' }));
  });

  it('hides and shows columns, and remembers the choice', async () => {
    api();
    const first = renderInShell(<UserListPage />, { path: '/user/list' });
    await rowOf('张三');
    expect(screen.getByRole('columnheader', { name: '手机号' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: '邀请码' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /列设置/ }));
    await user.click(await screen.findByRole('checkbox', { name: '手机号' }));
    await user.click(screen.getByRole('checkbox', { name: '邀请码' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: '手机号' })).toBeNull());
    expect(screen.getByRole('columnheader', { name: '邀请码' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(USER_COLUMNS_STORAGE_KEY)!)).toContain('mobile');
    first.unmount();

    renderInShell(<UserListPage />, { path: '/user/list' });
    await rowOf('张三');
    expect(screen.queryByRole('columnheader', { name: '手机号' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: '邀请码' })).toBeInTheDocument();
  });

  it('shows only the actions the staff holds', async () => {
    const seen = api();
    renderInShell(<UserListPage />, { path: '/user/list', profile: staffWith('user.list') });
    const row = await rowOf('张三');
    expect(within(row).queryByRole('button', { name: '锁定' })).toBeNull();
    expect(within(row).queryByRole('button', { name: '详情' })).toBeNull();
    expect(screen.queryByRole('button', { name: /导出 Excel/ })).toBeNull();
    // Without user.options the level and post filters are not offered (their options are not read).
    expect(screen.queryByRole('combobox', { name: '等级' })).toBeNull();
    expect(seen.some((r) => r.url === '/api/user/user_select_search_list')).toBe(false);
  });

  it('locks a user with a reason; the row shows the new state at once', async () => {
    const seen = api({
      'POST /api/user/user_lock': ({ body }) => answerOf(userCalls.lock, { ...zhang, locked: true, lock_reason: (body as { reason: string }).reason }),
    });
    renderInShell(<UserListPage />, { path: '/user/list', profile: staffWith('user.list', 'user.lock') });
    await user.click(within(await rowOf('张三')).getByRole('button', { name: '锁定' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('锁定用户：张三')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /锁\s*定/ }));
    expect(await within(dialog).findByText('请填写锁定原因')).toBeInTheDocument();
    expect(seen.some((r) => r.url === '/api/user/user_lock')).toBe(false);

    await user.type(within(dialog).getByLabelText('原因'), '多次异常登录');
    await user.click(within(dialog).getByRole('button', { name: /锁\s*定/ }));
    expect(await screen.findByText('已锁定 张三')).toBeInTheDocument();
    expect(seen.find((r) => r.url === '/api/user/user_lock')!.body).toEqual({ id: 1, action: 'lock', reason: '多次异常登录' });
    const row = await rowOf('张三');
    await waitFor(() => expect(within(row).getByText('已锁定')).toBeInTheDocument());
    expect(within(row).getByRole('button', { name: '解锁' })).toBeInTheDocument();
    // The list was not read again for it.
    expect(listRequests(seen)).toHaveLength(1);
  });

  it('opens the detail drawer from a name; it only shows, so it closes at once', async () => {
    api();
    renderInShell(<UserListPage />, { path: '/user/list' });
    await user.click(within(await rowOf('张三')).getByText('张三', { selector: '.user-cell__name' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('邀请人数')).toBeInTheDocument();
    expect(within(drawer).getByText('12,345.67')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: /锁\s*定/ })).toBeInTheDocument();
    expect(within(drawer).getByRole('tab', { name: '实名认证 (0)' })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('邀请人数')).toBeNull());
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
  });

  describe('codes are shown by their names', () => {
    const coded = userRow(7, '赵六', {
      register_channel: 'mini_program',
      withdraw_state: 3,
      withdraw_type: 2,
      authentication_state: 2,
      authentication_type: 2,
      system_id: 2,
    });
    const codedApi = () =>
      api({ 'POST /api/user/lists': () => answerOf(userCalls.lists, keysetPage([coded])), 'POST /api/user/details': () => answerOf(userCalls.details, detailOf(coded)) });

    it('in the table and the detail drawer, never the stored code', async () => {
      codedApi();
      renderInShell(<UserListPage />, { path: '/user/list' });
      const row = await rowOf('赵六');
      for (const name of ['微信小程序', '渠道用户', '已认证', '企业认证', '提现失败', '支付宝']) expect(within(row).getByText(name)).toBeInTheDocument();
      expect(within(row).queryByText('mini_program')).toBeNull();

      await user.click(within(row).getByText('赵六', { selector: '.user-cell__name' }));
      const drawer = await screen.findByRole('dialog');
      const channel = (await within(drawer).findByText('注册渠道')).closest('tr')!;
      expect(channel).toHaveTextContent('微信小程序');
      expect(drawer).not.toHaveTextContent('mini_program');
    });

    it('in English when the UI is in English', async () => {
      usePreferences.getState().setLanguage('en-US');
      codedApi();
      renderInShell(<UserListPage />, { path: '/user/list' });
      const row = await rowOf('赵六');
      for (const name of ['WeChat mini program', 'Channel user', 'Verified', 'Enterprise', 'Withdrawal failed', 'Alipay']) {
        expect(within(row).getByText(name)).toBeInTheDocument();
      }
      await user.click(within(row).getByText('赵六', { selector: '.user-cell__name' }));
      const drawer = await screen.findByRole('dialog');
      expect((await within(drawer).findByText('Channel')).closest('tr')).toHaveTextContent('WeChat mini program');
    });
  });
});

describe('exporting the filtered users', () => {
  let saved: { name: string; blob: Blob }[];
  beforeEach(() => {
    saved = [];
    const blobs = new Map<string, Blob>();
    URL.createObjectURL = vi.fn((blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.href)! });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('streams the whole filtered set to an Excel file named by the server', async () => {
    const seen = api({
      'POST /api/user/export': () =>
        file(['PK\u0003\u0004 workbook'], {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename="users.xlsx"; filename*=UTF-8''${encodeURIComponent('用户导出-20260301.xlsx')}`,
          'x-export-rows': '3',
          'x-export-estimated-bytes': '9000',
        }),
    });
    renderInShell(<UserListPage />, { path: '/user/list?type_user=1&sort=id' });
    await rowOf('张三');
    await user.click(screen.getByRole('button', { name: /导出 Excel/ }));
    expect(await screen.findByText('已导出 3 位用户：用户导出-20260301.xlsx')).toBeInTheDocument();
    expect(saved.map((s) => s.name)).toEqual(['用户导出-20260301.xlsx']);
    expect((await saved[0]!.blob.text()).startsWith('PK')).toBe(true);
    // The filter and the order, not the paging: every matching user, not only the loaded rows.
    expect(seen.find((r) => r.url === '/api/user/export')!.body).toEqual({ type_user: 1, sort: 'id', order: 'desc' });
  });

  it('is disabled, with a tooltip saying why, when no user matches the filter', async () => {
    const seen = api({ 'POST /api/user/lists': () => answerOf(userCalls.lists, keysetPage([], 0)) });
    renderInShell(<UserListPage />, { path: '/user/list?keyword=nobody' });
    expect(await screen.findByText('共 0 位用户')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: /导出 Excel/ });
    expect(button).toBeDisabled();
    await user.hover(button.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('没有符合筛选条件的用户，无可导出');
    expect(seen.some((r) => r.url === '/api/user/export')).toBe(false);
  });

  it('shows the refusal and saves nothing when the server refuses', async () => {
    api({
      'POST /api/user/export': () =>
        file([JSON.stringify({ code: 42900, message: '另一个导出正在进行，请稍后再试', data: null })], { 'content-type': 'application/json; charset=utf-8' }),
    });
    renderInShell(<UserListPage />, { path: '/user/list' });
    await rowOf('张三');
    await user.click(screen.getByRole('button', { name: /导出 Excel/ }));
    expect(await screen.findByText('另一个导出正在进行，请稍后再试')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});

/** The value cell beside a label's cell in the detail drawer. */
const valueOf = (label: HTMLElement) => label.closest('th')!.nextElementSibling!;

describe('city and industry (通用设置)', () => {
  const shenzhen = userRow(8, '孙七', { province: '广东省', city_code: '440300', city: '深圳市', industry_id: 20, industry: '火锅' });
  const beijing = userRow(9, '周八', { province: '北京市', city_code: '110000', city: '北京市', industry_id: null, industry: '' });
  const open = async (shown: typeof shenzhen) => {
    api({
      'POST /api/user/lists': () => answerOf(userCalls.lists, keysetPage([shown])),
      'POST /api/user/details': () => answerOf(userCalls.details, detailOf(shown)),
    });
    renderInShell(<UserListPage />, { path: '/user/list' });
    const row = await rowOf(shown.name);
    await user.click(within(row).getByText(shown.name, { selector: '.user-cell__name' }));
    const drawer = await screen.findByRole('dialog');
    return { row, place: valueOf(await within(drawer).findByText('地区')), drawer };
  };

  it('shows the names of the city, its province and the industry, never the code', async () => {
    const { row, place, drawer } = await open(shenzhen);
    expect(within(row).getByText('广东省')).toBeInTheDocument();
    expect(within(row).getByText('深圳市')).toBeInTheDocument();
    expect(place).toHaveTextContent(/^广东省 深圳市$/);
    expect(valueOf(within(drawer).getByText('行业'))).toHaveTextContent(/^火锅$/);
    expect(drawer).not.toHaveTextContent('440300');
  });

  it('names a municipality once: it is its own province', async () => {
    const { place } = await open(beijing);
    expect(place).toHaveTextContent(/^北京市$/);
  });
});

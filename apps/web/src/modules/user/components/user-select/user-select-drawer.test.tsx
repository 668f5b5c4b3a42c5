import { userCalls, type CallData, type UserSelection, type UserSelectRow } from '@juqi/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerOf, fakeApi, type Handler, type SeenRequest } from '../../../../test/fake-api';
import { ROW_HEIGHT } from './user-select-list';
import { UserSelectDrawer, type UserSelectDrawerProps } from './user-select-drawer';
import { visibleOption } from '../../../../test/antd';

// antd renders slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 10_000 });
const user = userEvent.setup({ delay: null });

// jsdom lays nothing out. The list gets the geometry a browser would give it: 400 px tall, its content as tall as the
// virtual rows, and a scroll position the test sets.
const VIEWPORT = 400;
const scrollTops = new WeakMap<Element, number>();
const isList = (el: Element) => el.classList.contains('user-select-list');
const saved = {
  clientHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!,
  scrollHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight')!,
  scrollTop: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop')!,
  getBoundingClientRect: Element.prototype.getBoundingClientRect,
};
beforeAll(() => {
  Object.defineProperties(Element.prototype, {
    clientHeight: {
      configurable: true,
      get(this: Element) {
        return isList(this) ? VIEWPORT : 0;
      },
    },
    scrollHeight: {
      configurable: true,
      get(this: Element) {
        const rows = this.querySelector<HTMLElement>('.user-select-list__rows');
        return isList(this) ? Number.parseFloat(rows?.style.height ?? '0') || 0 : 0;
      },
    },
    scrollTop: {
      configurable: true,
      get(this: Element) {
        return scrollTops.get(this) ?? 0;
      },
      set(this: Element, value: number) {
        scrollTops.set(this, value);
      },
    },
  });
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const height = isList(this) ? VIEWPORT : 0;
    return { x: 0, y: 0, top: 0, left: 0, right: 600, bottom: height, width: 600, height, toJSON: () => ({}) };
  };
});
afterAll(() => {
  Object.defineProperties(Element.prototype, {
    clientHeight: saved.clientHeight,
    scrollHeight: saved.scrollHeight,
    scrollTop: saved.scrollTop,
  });
  Element.prototype.getBoundingClientRect = saved.getBoundingClientRect;
});

const userRow = (id: number, extra: Partial<UserSelectRow> = {}): UserSelectRow => ({
  id,
  name: `用户${id}`,
  head_img_url: '',
  authentication_state: 0,
  mobile: `138${String(id).padStart(8, '0')}`,
  type_user: 2,
  level: 1,
  ...extra,
});

/** Rows `from`…`from + n - 1`. */
const rowsFrom = (from: number, n = 20) => Array.from({ length: n }, (_, i) => userRow(from + i));

const options = {
  pw_list: [
    { id: 1, name: '内容运营' },
    { id: 11, name: '城市合伙人' },
  ],
  level_list: [
    { level: 0, name: '普通用户' },
    { level: 1, name: '青铜会员' },
  ],
  quantity_list: [
    { value: 1, label: '1-50', min: 1, max: 50 },
    { value: 3, label: '100-300', min: 100, max: 300 },
    { value: 5, label: '500+', min: 500, max: null },
  ],
};

interface ListBody {
  cursor?: string;
  limit: number;
  type_user?: number;
}

function api(list: Handler, extra: Record<string, Handler> = {}): SeenRequest[] {
  return fakeApi({
    'POST /api/user/user_select_search_list': () => answerOf(userCalls.selectSearchList, options),
    'POST /api/user/user_select_list': list,
    ...extra,
  });
}

const listCalls = (seen: SeenRequest[]) => seen.filter((r) => r.url === '/api/user/user_select_list').map((r) => r.body as ListBody);

/** Three pages of 20 from a million users, then the end. */
const threePages: Handler = ({ body }) => {
  const { cursor } = body as ListBody;
  const page = cursor === undefined ? 0 : Number(cursor.slice(1));
  return answerOf(userCalls.selectList, { count: 1_000_000, data: rowsFrom(page * 20 + 1), next_cursor: page < 2 ? `p${page + 1}` : null });
};

function renderDrawer(props: Partial<UserSelectDrawerProps> = {}) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const { unmount } = render(
    <QueryClientProvider client={client}>
      <AntApp>
        <UserSelectDrawer open onConfirm={onConfirm} onClose={onClose} {...props} />
      </AntApp>
    </QueryClientProvider>,
  );
  return { onConfirm, onClose, unmount };
}

const scroller = () => screen.getByTestId('user-select-scroller');

/** Scrolls the list so that its bottom is `gap` px below the visible part. */
function scrollToGap(gap: number) {
  const el = scroller();
  el.scrollTop = el.scrollHeight - el.clientHeight - gap;
  fireEvent.scroll(el);
}

async function choose(label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const item = await visibleOption(option);
  await user.click(item);
}

/** The latest 确认关闭？ confirmation (an answered one may still be fading out). */
const confirmation = (nth: number) =>
  waitFor(() => {
    const modal = document.querySelectorAll<HTMLElement>('.ant-modal-confirm')[nth];
    expect(modal).toHaveTextContent('确认关闭？');
    return modal!;
  });

const row = (name: string) => screen.getByText(name, { selector: '.user-select-row__name *' }).closest('.user-select-row') as HTMLElement;

describe('UserSelectDrawer', () => {
  it('loads the next page only once the list is scrolled to within 10 px of its bottom', async () => {
    const seen = api(threePages);
    renderDrawer();
    expect(await screen.findByText('用户1')).toBeInTheDocument();
    expect(listCalls(seen)).toEqual([{ limit: 20 }]);
    expect(screen.getByRole('radio', { name: '筛选结果（1,000,000）' })).toBeInTheDocument();
    expect(scroller().scrollHeight).toBe(20 * ROW_HEIGHT);

    scrollToGap(11);
    // Give a wrongly eager list the time to ask.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listCalls(seen)).toHaveLength(1);

    scrollToGap(10);
    await waitFor(() => expect(listCalls(seen)).toHaveLength(2));
    expect(listCalls(seen)[1]).toEqual({ limit: 20, cursor: 'p1' });
    await waitFor(() => expect(scroller().scrollHeight).toBe(40 * ROW_HEIGHT));
    // Only the rows in view and a few more are in the page, not all forty.
    expect(screen.getAllByRole('listitem').length).toBeLessThan(30);
  });

  it('goes back to page 1 when a filter changes', async () => {
    const seen = api(({ body }) => {
      const { cursor, type_user } = body as ListBody;
      if (type_user === 1) return answerOf(userCalls.selectList, { count: 2, data: [userRow(901, { name: '代理甲', type_user: 1 }), userRow(902, { name: '代理乙', type_user: 1 })], next_cursor: null });
      return threePages({ method: 'POST', url: '', headers: {}, body: { cursor, limit: 20 } });
    });
    renderDrawer();
    await screen.findByText('用户1');
    scrollToGap(0);
    await waitFor(() => expect(listCalls(seen)).toHaveLength(2));
    await waitFor(() => expect(scroller().scrollHeight).toBe(40 * ROW_HEIGHT));

    await choose('用户类型', '代理');
    expect(await screen.findByText('代理甲')).toBeInTheDocument();
    expect(listCalls(seen)[2]).toEqual({ limit: 20, type_user: 1 });
    expect(screen.queryByText('用户1')).toBeNull();
    expect(scroller().scrollTop).toBe(0);
    expect(screen.getByRole('radio', { name: '筛选结果（2）' })).toBeInTheDocument();
  });

  it('stops at an empty page', async () => {
    // A server that answers an empty page still carrying a cursor: the empty page ends the list anyway.
    const seen = api(({ body }) =>
      (body as ListBody).cursor === undefined ? answerOf(userCalls.selectList, { count: 20, data: rowsFrom(1), next_cursor: 'p1' }) : answerOf(userCalls.selectList, { count: 20, data: [], next_cursor: 'p2' }),
    );
    renderDrawer();
    await screen.findByText('用户1');
    scrollToGap(0);
    await waitFor(() => expect(listCalls(seen)).toHaveLength(2));
    expect(await screen.findByText('已经到底了')).toBeInTheDocument();
    scrollToGap(0);
    scrollToGap(5);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listCalls(seen)).toHaveLength(2);
  });

  it('loads on by itself while the rows do not fill the list, and stops when the server has no next page', async () => {
    const seen = api(({ body }) =>
      (body as ListBody).cursor === undefined
        ? answerOf(userCalls.selectList, { count: 5, data: rowsFrom(1, 3), next_cursor: 'p1' })
        : answerOf(userCalls.selectList, { count: 5, data: rowsFrom(4, 2), next_cursor: null }),
    );
    renderDrawer();
    expect(await screen.findByText('用户5')).toBeInTheDocument();
    expect(await screen.findByText('已经到底了')).toBeInTheDocument();
    expect(listCalls(seen)).toEqual([{ limit: 20 }, { limit: 20, cursor: 'p1' }]);
  });

  it('submit-all sends the filter, not ids, and hands back the confirmed selection', async () => {
    const confirmed: CallData<typeof userCalls.select> = { count: 1234, selection: { mode: 'filter', filter: { quantity: 3, pw_id: 1 }, exclude_ids: [] } };
    const seen = api(() => answerOf(userCalls.selectList, { count: 1234, data: rowsFrom(1), next_cursor: 'p1' }), {
      'POST /api/user/select': () => answerOf(userCalls.select, confirmed),
    });
    const { onConfirm } = renderDrawer();
    await screen.findByText('用户1');
    await choose('订单数', '100-300');
    await choose('服务岗位', '内容运营');
    await waitFor(() => expect(listCalls(seen).at(-1)).toEqual({ limit: 20, quantity: 3, pw_id: 1 }));
    // A user ticked one by one does not narrow "everyone matching".
    await user.click(within(row('用户2')).getByRole('checkbox'));

    await user.click(screen.getByRole('button', { name: '提交全部（1,234 人）' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith(confirmed));
    const select = seen.filter((r) => r.url === '/api/user/select');
    expect(select.map((r) => r.body)).toEqual([{ selection: { mode: 'filter', filter: { quantity: 3, pw_id: 1 }, exclude_ids: [] } }]);
  });

  it('confirms the users ticked one by one as ids, and lists them under 已选', async () => {
    const seen = api(threePages, {
      'POST /api/user/select': ({ body }) => answerOf(userCalls.select, { count: 2, selection: (body as { selection: UserSelection }).selection }),
      'POST /api/user/user_checked_list': () => answerOf(userCalls.checkedList, { count: 2, data: [userRow(3), userRow(2)], next_cursor: null }),
    });
    const { onConfirm } = renderDrawer();
    await screen.findByText('用户1');
    await user.click(within(row('用户3')).getByRole('checkbox'));
    // A click anywhere on the row ticks it too.
    await user.click(row('用户2'));
    expect(screen.getByText('已选 2 人')).toBeInTheDocument();

    await user.click(screen.getByText('已选（2）'));
    await waitFor(() => expect(seen.some((r) => r.url === '/api/user/user_checked_list')).toBe(true));
    expect(seen.find((r) => r.url === '/api/user/user_checked_list')!.body).toEqual({ selection: { mode: 'ids', ids: [2, 3] }, limit: 20 });
    expect(await screen.findByText('用户3')).toBeInTheDocument();
    expect(screen.queryByText('用户1')).toBeNull();

    await user.click(screen.getByRole('button', { name: '确定（2）' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ count: 2, selection: { mode: 'ids', ids: [2, 3] } }));
  });

  it('shows the picture, or else the last two characters of the name, and marks authenticated users', async () => {
    api(() =>
      answerOf(userCalls.selectList, {
        count: 3,
        data: [
          userRow(1, { name: '欧阳娜娜', authentication_state: 2 }),
          userRow(2, { name: '李四', head_img_url: '/uploads/avatar/2026/05/0123456789abcdef0123456789abcdef.png', authentication_state: 1 }),
          userRow(3, { name: '王', authentication_state: 0 }),
        ],
        next_cursor: null,
      }),
    );
    renderDrawer();
    const nana = await waitFor(() => row('欧阳娜娜'));
    expect(within(nana).getByRole('button', { name: '欧阳娜娜' })).toHaveTextContent(/^娜娜$/);
    expect(within(nana).getByText('已认证')).toBeInTheDocument();

    const li = row('李四');
    expect(li.querySelector('img')).toHaveAttribute('src', '/uploads/avatar/2026/05/0123456789abcdef0123456789abcdef.png');
    // Verifying (1) is not authenticated.
    expect(within(li).queryByText('已认证')).toBeNull();
    expect(within(row('王')).getByRole('button', { name: '王' })).toHaveTextContent(/^王$/);
    expect(within(row('王')).queryByText('已认证')).toBeNull();
  });

  it('opens the user card when an avatar is clicked, without ticking the user', async () => {
    api(() => answerOf(userCalls.selectList, { count: 1, data: [userRow(7, { name: '张三丰', authentication_state: 2, type_user: 1, level: 1 })], next_cursor: null }));
    renderDrawer();
    const zhang = await waitFor(() => row('张三丰'));
    await user.click(within(zhang).getByRole('button', { name: '张三丰' }));
    const card = await screen.findByRole('dialog', { name: '张三丰' });
    expect(within(card).getByText('13800000007')).toBeInTheDocument();
    expect(within(card).getByText('代理')).toBeInTheDocument();
    // The level's name comes from the search options.
    await waitFor(() => expect(within(card).getByText('青铜会员')).toBeInTheDocument());
    expect(within(card).getByText('已认证')).toBeInTheDocument();
    expect(within(zhang).getByRole('checkbox')).not.toBeChecked();
    expect(screen.getByText('已选 0 人')).toBeInTheDocument();
  });

  it('closes at once when nothing was picked, and asks 确认关闭？ once a pick would be lost, staying open when the staff cancels', async () => {
    api(threePages);
    const untouched = renderDrawer();
    await screen.findByText('用户1');
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(untouched.onClose).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
    untouched.unmount();

    const { onClose } = renderDrawer();
    await screen.findByText('用户1');
    await user.click(within(row('用户1')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    const ask = await confirmation(0);
    // antd's own buttons (English without the shell's locale provider).
    await user.click(within(ask).getByRole('button', { name: /Cancel|取\s*消/ }));
    expect(onClose).not.toHaveBeenCalled();

    // The drawer's own × asks too.
    await user.click(screen.getByRole('button', { name: 'Close' }));
    const again = await confirmation(1);
    await user.click(within(again).getByRole('button', { name: /OK|确\s*定/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('opens with the ids picked earlier ticked', async () => {
    const seen = api(threePages);
    renderDrawer({ value: { mode: 'ids', ids: [2, 5] } });
    await screen.findByText('用户1');
    expect(within(row('用户2')).getByRole('checkbox')).toBeChecked();
    expect(within(row('用户1')).getByRole('checkbox')).not.toBeChecked();
    expect(screen.getByText('已选 2 人')).toBeInTheDocument();
    expect(listCalls(seen)[0]).toEqual({ limit: 20 });
  });

  it('starts from the filter of an everyone-matching selection', async () => {
    const seen = api(threePages);
    renderDrawer({ value: { mode: 'filter', filter: { type_user: 1, withdraw_state: 2 }, exclude_ids: [] } });
    await screen.findByText('用户1');
    expect(listCalls(seen)[0]).toEqual({ limit: 20, type_user: 1, withdraw_state: 2 });
    expect(screen.getByRole('combobox', { name: '用户类型' }).closest('.ant-select')).toHaveTextContent('代理');
    expect(screen.getByRole('combobox', { name: '提现状态' }).closest('.ant-select')).toHaveTextContent('已提现');
  });
});

import { screen, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { useState } from 'react';
import { MemoryRouter, useLocation, useNavigate, useSearchParams } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadable } from '../../lib/preloadable';
import { fakeApi, menu, ok, profileOf } from '../../test/fake-api';
import { AppRoutes } from '../app';
import * as pages from './pages';
import * as slots from './slots';
import { useVisitedTabs } from './visited-tabs';

function NotePage() {
  const [note, setNote] = useState('');
  return <input aria-label="note" value={note} onChange={(e) => setNote(e.target.value)} />;
}

/** A page whose filter lives in the query string. */
function FilteredPage() {
  const [params, setParams] = useSearchParams();
  const step = Number(params.get('step') ?? 0);
  return (
    <button type="button" onClick={() => setParams({ step: String(step + 1) })}>
      step {step}
    </button>
  );
}

function CurrentUrl() {
  const { pathname, search } = useLocation();
  return <output aria-label="url">{pathname + search}</output>;
}

// The shell serves these pages and no module's slots. Spies on the exports, not vi.mock of the module list: the worker
// may have loaded the shell already, with the real modules in it.
const testPages = new Map([
  ['/user/list', { ...preloadable(async () => ({ default: NotePage })), noCache: false, queryIsState: false }],
  ['/user/login_log', { ...preloadable(async () => ({ default: NotePage })), noCache: true, queryIsState: false }],
  ['/user/filtered', { ...preloadable(async () => ({ default: FilteredPage })), noCache: false, queryIsState: true }],
]);
vi.spyOn(pages, 'pageFor').mockImplementation((path) => testPages.get(path));
vi.spyOn(pages, 'preloadPage').mockImplementation((path) => void testPages.get(path)?.preload());
vi.spyOn(slots, 'shellSlots', 'get').mockReturnValue(slots.collectSlots([]));

const menus = [
  menu('/user', '用户', [
    menu('/user/list', '全部用户'),
    menu('/user/login_log', '登录记录'),
    menu('/user/auth', '实名认证'),
    menu('/user/filtered', '筛选页'),
  ]),
];

/** Client-side navigation, as a link in a page would do it. */
function GoTo() {
  const navigate = useNavigate();
  return (
    <nav>
      {['/user/list', '/user/login_log', '/user/auth', '/user/filtered?step=5'].map((path) => (
        <button key={path} type="button" onClick={() => navigate(path)}>
          go {path}
        </button>
      ))}
    </nav>
  );
}

/** The note input of the page on show (hidden tabs' pages stay in the DOM). */
async function visibleNote(): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.getAllByLabelText('note').find((el) => !el.closest('.shell-pane')?.hasAttribute('hidden'));
    expect(found).toBeDefined();
  });
  return found!;
}
const tabMenu = async (title: string, action: string) => {
  await userEvent.pointer({ keys: '[MouseRight]', target: screen.getByRole('tab', { name: title }) });
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
};

// antd in jsdom is slow; these tests click through several tabs.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(async () => {
  Cookies.set('juqi_token', 'tok-1');
  fakeApi({
    'GET /api/set/system_details': () => ok({ pc_logo: '', website: '聚企中台' }),
    'GET /api/staff/info': () => ok(profileOf(menus)),
    'GET /api/staff/menu_list': () => ok({ menuList: menus }),
  });
  render(
    <MemoryRouter initialEntries={['/user/list']}>
      <AppRoutes />
      <GoTo />
      <CurrentUrl />
    </MemoryRouter>,
  );
  await visibleNote();
});

describe('pages kept per tab', () => {
  it('keeps a page mounted, with its input, while another tab is shown', async () => {
    await userEvent.type(await visibleNote(), 'draft');
    await userEvent.click(screen.getByRole('button', { name: 'go /user/auth' }));
    expect(await screen.findByText('功能内测中，敬请期待……')).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: '全部用户' }));
    expect(await visibleNote()).toHaveValue('draft');
  });

  it('remounts a noCache page on every visit', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'go /user/login_log' }));
    await userEvent.type(await visibleNote(), 'gone');
    await userEvent.click(screen.getByRole('tab', { name: '全部用户' }));
    await userEvent.click(screen.getByRole('tab', { name: '登录记录' }));
    expect(await visibleNote()).toHaveValue('');
  });

  it('Refresh remounts the page; Close forgets it, so opening it again starts afresh', async () => {
    await userEvent.type(await visibleNote(), 'one');
    await tabMenu('全部用户', '刷新');
    expect(await visibleNote()).toHaveValue('');

    await userEvent.type(await visibleNote(), 'two');
    await userEvent.click(screen.getByRole('button', { name: 'go /user/auth' }));
    await tabMenu('全部用户', '关闭');
    expect(screen.queryByRole('tab', { name: '全部用户' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'go /user/list' }));
    expect(await visibleNote()).toHaveValue('');
  });
});

describe('a page whose query is its own state', () => {
  it('keeps one tab that follows its query, and goes back to the latest query when selected again', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'go /user/list' }));
    await userEvent.click(screen.getByRole('button', { name: 'go /user/filtered?step=5' }));
    await userEvent.click(await screen.findByRole('button', { name: 'step 5' }));
    await userEvent.click(await screen.findByRole('button', { name: 'step 6' }));
    expect(await screen.findByRole('button', { name: 'step 7' })).toBeVisible();
    expect(screen.getByLabelText('url')).toHaveTextContent('/user/filtered?step=7');
    expect(screen.getAllByRole('tab', { name: '筛选页' })).toHaveLength(1);
    expect(useVisitedTabs.getState().tabs.filter((tab) => tab.path === '/user/filtered')).toEqual([
      { key: '/user/filtered', path: '/user/filtered', href: '/user/filtered?step=7' },
    ]);

    await userEvent.click(screen.getByRole('tab', { name: '全部用户' }));
    expect(screen.getByLabelText('url')).toHaveTextContent(/^\/user\/list$/);
    await userEvent.click(screen.getByRole('tab', { name: '筛选页' }));
    expect(screen.getByLabelText('url')).toHaveTextContent('/user/filtered?step=7');
    expect(await screen.findByRole('button', { name: 'step 7' })).toBeVisible();

    // A link to another query of the page opens it in the same tab.
    await userEvent.click(screen.getByRole('button', { name: 'go /user/filtered?step=5' }));
    expect(await screen.findByRole('button', { name: 'step 5' })).toBeVisible();
    expect(screen.getAllByRole('tab', { name: '筛选页' })).toHaveLength(1);
  });
});

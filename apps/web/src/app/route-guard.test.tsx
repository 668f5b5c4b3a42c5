import { screen, render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { startSessionCalls } from '../lib/boot-calls';
import { fail, fakeApi, menu, ok, profileOf, type Handler } from '../test/fake-api';
import { AppRoutes } from './app';

function CurrentPath() {
  const { pathname, search } = useLocation();
  return <output data-testid="path">{pathname + search}</output>;
}

const renderAt = (path: string, beside?: ReactNode) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <CurrentPath />
      {beside}
    </MemoryRouter>,
  );

/**
 * Clicks the sidebar item named `name` in the very commit that first shows it, before that render's effects run: a
 * staff member's click the moment a section opens. It renders with each navigation, as the shell does, so its layout
 * effect runs in the commit of every navigation's render.
 */
function ClickWhenShown({ name }: { name: string }) {
  useLocation();
  const clicked = useRef(false);
  useLayoutEffect(() => {
    if (clicked.current) return;
    const item = [...document.querySelectorAll<HTMLElement>('.shell-sider [role="menuitem"]')].find((element) => element.textContent === name);
    if (!item) return;
    clicked.current = true;
    item.click();
  });
  return null;
}

const currentPath = () => screen.getByTestId('path').textContent;

const menus = [
  menu('/user', '用户', [menu('/user/list', '全部用户'), menu('/user/login_log', '登录记录')]),
  menu('/human', '人力资源', [menu('/human/dashboard', '人力看板'), menu('/man/employee', '员工管理')]),
  menu('/target', '目标', [menu('/target/dashboard', '目标看板')]),
];

const signedIn = (overrides: Record<string, Handler> = {}) => {
  Cookies.set('juqi_token', 'tok-1');
  return fakeApi({
    'GET /api/set/system_details': () => ok({ pc_logo: '', website: '聚企中台' }),
    'GET /api/staff/info': () => ok(profileOf(menus)),
    'GET /api/staff/menu_list': () => ok({ menuList: menus }),
    ...overrides,
  });
};

describe('before the shell: public pages and the token check', () => {
  it('sends a visitor without a token to sign in, remembering the path and its query', async () => {
    fakeApi({ 'GET /api/set/system_details': () => ok({ pc_logo: '', website: '聚企中台' }) });
    renderAt('/user/list?page=3');
    expect(currentPath()).toBe('/login?redirect=%2Fuser%2Flist%3Fpage%3D3');
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
  });

  it('sends a visitor without a token from / to sign in too', () => {
    fakeApi({});
    renderAt('/');
    expect(currentPath()).toBe('/login?redirect=%2F');
  });

  it('shows /404 without a token: it is public', () => {
    fakeApi({});
    renderAt('/404');
    expect(currentPath()).toBe('/404');
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
  });

  it('sends a signed-in staff member who opens /login home, and home is the dashboard', { timeout: 20_000 }, async () => {
    signedIn();
    renderAt('/login?redirect=%2Fuser%2Flist');
    // The first test to open the shell waits for its lazy chunk (antd and all), slow to transform in a busy test run.
    expect(await screen.findByText('您好，超级管理员', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
  });
});

describe('the shell: session start and permitted routes', () => {
  it('asks for the profile and the menus together, then shows a permitted path (placeholder until a module serves it)', async () => {
    let answerProfile: (() => void) | undefined;
    const profileHeld = new Promise<void>((resolve) => (answerProfile = resolve));
    const seen = signedIn({
      'GET /api/staff/info': async () => {
        await profileHeld;
        return ok(profileOf(menus));
      },
    });
    // A permitted path that no module serves yet.
    renderAt('/target/dashboard');
    // The menus do not wait for the profile's answer.
    await waitFor(() => expect(seen.filter((r) => r.url.startsWith('/api/staff')).map((r) => r.url)).toEqual(['/api/staff/info', '/api/staff/menu_list']));
    expect(seen[0]!.headers['X-Token']).toBe('tok-1');
    answerProfile!();
    expect(await screen.findByText('功能内测中，敬请期待……')).toBeInTheDocument();
    expect(currentPath()).toBe('/target/dashboard');
  });

  it('sends an unknown or unpermitted path to /404, shown inside the shell’s layout, whose menus still work', async () => {
    const user = userEvent.setup();
    signedIn();
    renderAt('/finance/user_recharge');
    await waitFor(() => expect(currentPath()).toBe('/404'));
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByText('抱歉，您访问的页面不存在或没有权限访问。')).toBeInTheDocument();
    await user.click(within(screen.getByRole('menu', { name: '功能分区' })).getByRole('menuitem', { name: '用户' }));
    await waitFor(() => expect(currentPath()).toBe('/user/list'));
    expect(screen.queryByRole('heading', { name: '404' })).toBeNull();
  });

  it('shows /404 inside the shell to a signed-in staff member who opens it', async () => {
    signedIn();
    renderAt('/404');
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByRole('menu', { name: '功能分区' })).toBeInTheDocument();
    expect(currentPath()).toBe('/404');
  });

  it('opens the first child for a section path', async () => {
    signedIn();
    renderAt('/human');
    await waitFor(() => expect(currentPath()).toBe('/human/dashboard'));
  });

  it('a sidebar item clicked the moment a section’s path shows wins over the section’s redirect to its first page', async () => {
    const user = userEvent.setup();
    signedIn();
    renderAt('/dashboard', <ClickWhenShown name="员工管理" />);
    // The dashboard's section card links to the section's own path, which then opens its first child.
    await user.click(await screen.findByRole('link', { name: /人力资源/ }));
    await waitFor(() => expect(currentPath()).toBe('/man/employee'));
    expect(await screen.findByRole('tab', { name: '员工管理', selected: true })).toBeInTheDocument();
  });

  it('takes the profile and menus asked for as the page started, asking no second time', async () => {
    const seen = signedIn();
    startSessionCalls();
    await waitFor(() => expect(seen.map((r) => r.url).sort()).toEqual(['/api/set/system_details', '/api/staff/info', '/api/staff/menu_list']));
    renderAt('/target/dashboard');
    expect(await screen.findByText('功能内测中，敬请期待……')).toBeInTheDocument();
    expect(seen.filter((r) => r.url.startsWith('/api/staff')).map((r) => r.url)).toEqual(['/api/staff/info', '/api/staff/menu_list']);
  });

  it('judges a session call started with the page as its own: a refused token goes to sign in with its message', async () => {
    signedIn({ 'GET /api/staff/info': () => fail(50008, '登录已失效，请重新登录') });
    startSessionCalls();
    renderAt('/user/list');
    await waitFor(() => expect(currentPath()).toBe('/login?redirect=%2Fuser%2Flist'));
    expect(await screen.findByText('登录已失效，请重新登录')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('starts nothing for a page opened without a token', () => {
    const seen = fakeApi({});
    startSessionCalls();
    expect(seen).toEqual([]);
  });

  it('when the profile call fails: clears the token, shows its message and goes to sign in', async () => {
    signedIn({ 'GET /api/staff/info': () => fail(50008, '登录已失效，请重新登录') });
    renderAt('/user/list?page=2');
    await waitFor(() => expect(currentPath()).toBe('/login?redirect=%2Fuser%2Flist%3Fpage%3D2'));
    expect(Cookies.get('juqi_token')).toBeUndefined();
    expect(await screen.findByText('登录已失效，请重新登录')).toBeInTheDocument();
    // The session start reports the failure itself: no logged-out dialog on the sign-in page.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when the profile is empty: "Verification failed, please Login again."', async () => {
    signedIn({ 'GET /api/staff/info': () => ok(null) });
    renderAt('/user/list');
    expect(await screen.findByText('Verification failed, please Login again.')).toBeInTheDocument();
    expect(currentPath()).toBe('/login?redirect=%2Fuser%2Flist');
    expect(Cookies.get('juqi_token')).toBeUndefined();
  });

  it("when the token is refused, both calls fail: the profile's message shows, not the menus'", async () => {
    signedIn({
      'GET /api/staff/info': async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return fail(50008, '登录已失效，请重新登录');
      },
      'GET /api/staff/menu_list': () => fail(50008, '登录已失效，请重新登录'),
    });
    renderAt('/dashboard');
    expect(await screen.findByText('登录已失效，请重新登录')).toBeInTheDocument();
    expect(screen.queryByText('菜单数据加载异常')).toBeNull();
  });

  it('when the menu list answers another code than 20000: 菜单数据加载异常', async () => {
    signedIn({ 'GET /api/staff/menu_list': () => fail(50000, '服务器内部错误') });
    renderAt('/dashboard');
    expect(await screen.findByText('菜单数据加载异常')).toBeInTheDocument();
    expect(currentPath()).toBe('/login?redirect=%2Fdashboard');
  });

  it("when the answer has no message, the client's 'Error' is shown", async () => {
    signedIn({ 'GET /api/staff/info': () => fail(40000, '') });
    renderAt('/dashboard');
    expect(await screen.findByText('Error')).toBeInTheDocument();
  });

  it('when the server cannot be reached, the §8 transport notice is shown', async () => {
    signedIn({ 'GET /api/staff/info': () => 'drop' });
    renderAt('/dashboard');
    expect(await screen.findByText(/错误代码：500/)).toBeInTheDocument();
    expect(currentPath()).toBe('/login?redirect=%2Fdashboard');
  });
});

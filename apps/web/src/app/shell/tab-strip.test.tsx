import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ShellRoute } from '../../lib/menu-routes';
import { ShellContext } from '../../lib/shell-session';
import { profileOf } from '../../test/fake-api';
import { TabStrip, type TabActions } from './tab-strip';

const route = (path: string, title: string, affix = false): ShellRoute => ({ path, title, icon: '', noCache: false, affix, section: null, redirect: null });
const ROUTES = [route('/dashboard', '首页', true), route('/user/list', '全部用户'), route('/user/login_log', '登录记录'), route('/finance/user_recharge', '用户充值记录')];

/** The strip with the pinned dashboard and three pages open, 全部用户 the current one. */
function renderStrip() {
  const actions: TabActions = { select: vi.fn(), refresh: vi.fn(), close: vi.fn(), closeOthers: vi.fn(), closeAll: vi.fn() };
  const menus = { tree: [], routes: new Map(ROUTES.map((r) => [r.path, r])) };
  render(
    <ShellContext value={{ profile: profileOf(), menus }}>
      <TabStrip tabs={ROUTES.map((r) => ({ key: r.path, path: r.path }))} activeKey="/user/list" actions={actions} />
    </ShellContext>,
  );
  return actions;
}

// A focused tab's name starts with what antd has spoken for it, "Tab 2 of 4".
const tab = (title: string) => screen.getByRole('tab', { name: (name) => name.endsWith(title) });

describe('TabStrip', () => {
  it('holds nothing but tabs in its tablist: a tab’s × is part of the tab and hidden from assistive technology', () => {
    renderStrip();
    const tablist = screen.getByRole('tablist');
    // ARIA allows only tabs in a tablist: outside the tabs, nothing in it may have a role or take focus.
    const stray = [...tablist.querySelectorAll('*')].filter(
      (el) =>
        !el.closest('[role="tab"], [aria-hidden="true"]') &&
        (el.hasAttribute('role') || el.matches('button, a[href], input, select, textarea, [tabindex]')),
    );
    expect(stray.map((el) => (el.cloneNode(false) as Element).outerHTML)).toEqual([]);
    expect(within(tablist).getAllByRole('tab').map((el) => el.textContent)).toEqual(['首页', '全部用户', '登录记录', '用户充值记录']);
    // The pinned tab has no ×; the others have one, which adds nothing to the tab’s name.
    expect(tab('首页').querySelector('[aria-hidden="true"]')).toBeNull();
    expect(tab('登录记录').querySelector('[aria-hidden="true"]')).not.toBeNull();
  });

  it('closes a tab by its ×, without selecting it, and by a middle-click; the pinned tab by neither', () => {
    const actions = renderStrip();
    fireEvent.click(tab('登录记录').querySelector('[aria-hidden="true"]')!);
    expect(actions.close).toHaveBeenCalledWith('/user/login_log');
    expect(actions.select).not.toHaveBeenCalled();

    fireEvent.mouseDown(tab('用户充值记录'), { button: 1 });
    expect(actions.close).toHaveBeenLastCalledWith('/finance/user_recharge');
    fireEvent.mouseDown(tab('首页'), { button: 1 });
    expect(actions.close).toHaveBeenCalledTimes(2);
  });

  it('closes the focused tab with Delete or Backspace and focuses the next one (the previous one after the last)', () => {
    const actions = renderStrip();
    tab('登录记录').focus();
    fireEvent.keyDown(tab('登录记录'), { key: 'Delete', code: 'Delete' });
    expect(actions.close).toHaveBeenCalledWith('/user/login_log');
    expect(tab('用户充值记录')).toHaveFocus();

    fireEvent.keyDown(tab('用户充值记录'), { key: 'Backspace', code: 'Backspace' });
    expect(actions.close).toHaveBeenLastCalledWith('/finance/user_recharge');
    expect(tab('登录记录')).toHaveFocus();

    tab('首页').focus();
    fireEvent.keyDown(tab('首页'), { key: 'Delete', code: 'Delete' });
    expect(actions.close).toHaveBeenCalledTimes(2);
    expect(tab('首页')).toHaveFocus();
  });
});

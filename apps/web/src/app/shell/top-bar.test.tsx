import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderInShell } from '../../test/render-in-shell';
import type { WebModule } from '../web-module';
import { collectSlots } from './slots';
import { TopBar } from './top-bar';

vi.setConfig({ testTimeout: 30_000 });

const Nothing = () => null;
const text = (zh: string) => ({ 'zh-CN': zh, 'en-US': zh });
const signOut = async () => undefined;

describe('the shell’s slots', () => {
  it('gathers what the modules declare: panels and user-menu entries by their order, parts and sign-out steps in module order', () => {
    const modules: WebModule[] = [
      {
        name: 'a',
        pages: {},
        topBarPanels: [{ key: 'late', order: 30, title: text('后'), icon: Nothing, Panel: Nothing }],
        shellParts: [Nothing],
        onSignOut: signOut,
      },
      {
        name: 'b',
        pages: {},
        topBarPanels: [{ key: 'early', order: 10, title: text('前'), icon: Nothing, Panel: Nothing }],
        shellParts: [Nothing, Nothing],
        userMenu: [{ key: 'me', order: 1, title: text('我'), Panel: Nothing }],
      },
    ];
    const slots = collectSlots(modules);
    expect(slots.topBarPanels.map((p) => p.key)).toEqual(['early', 'late']);
    expect(slots.shellParts.map((p) => p.key)).toEqual(['a:0', 'b:0', 'b:1']);
    expect(slots.userMenu.map((e) => e.key)).toEqual(['me']);
    expect(slots.signOutSteps).toEqual([signOut]);
  });
});

describe('TopBar', () => {
  it('shows the modules’ buttons (消息通知, 待办审批, then 帮助) before its own 界面设置; each opens its drawer with the module’s content', async () => {
    const user = userEvent.setup();
    fakeApi({});
    renderInShell(<TopBar hasSidebar={false} section={undefined} />);
    const banner = screen.getByRole('banner');
    const names = within(banner)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'))
      .filter(Boolean);
    expect(names).toEqual(['消息通知', '待办审批', '帮助', '界面设置']);

    await user.click(within(banner).getByRole('button', { name: '帮助' }));
    const help = await screen.findByRole('dialog', { name: '帮助' });
    // The help module's panel, fetched on first open: its three menu entries.
    expect(await within(help).findByText('功能介绍')).toBeInTheDocument();
  });
});

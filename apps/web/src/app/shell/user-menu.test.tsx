import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../test/render-in-shell';
import { useLayout } from './layout-store';
import { UserMenu } from './user-menu';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => useLayout.setState({ mobile: false }));

describe('UserMenu', () => {
  it('shows the full name beside the avatar, which keeps the last two characters; its name is what it shows, and what it is', () => {
    useLayout.setState({ mobile: false });
    renderInShell(<UserMenu />);
    // The avatar's 理员 is left out of the name: it only repeats the end of the full name.
    const button = screen.getByRole('button', { name: /^超级管理员\s*用户菜单$/ });
    expect(within(button).getByText('理员')).toBeVisible();
    expect(within(button).getByText('超级管理员')).toBeVisible();
  });

  it('below the mobile breakpoint keeps only the avatar, with the full name in its tooltip', async () => {
    useLayout.setState({ mobile: true });
    renderInShell(<UserMenu />);
    const button = screen.getByRole('button', { name: '用户菜单' });
    expect(within(button).getByText('理员')).toBeVisible();
    expect(within(button).queryByText('超级管理员')).toBeNull();
    await userEvent.hover(screen.getByText('理员'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('超级管理员');
  });
});

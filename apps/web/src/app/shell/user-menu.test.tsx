import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../test/render-in-shell';
import { useLayout } from './layout-store';
import { UserMenu } from './user-menu';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => useLayout.setState({ mobile: false }));

describe('UserMenu', () => {
  it('shows the full name beside the avatar, which keeps the last two characters', () => {
    useLayout.setState({ mobile: false });
    renderInShell(<UserMenu />);
    expect(screen.getByRole('button', { name: '用户菜单' })).toHaveTextContent(/^理员超级管理员$/);
  });

  it('below the mobile breakpoint keeps only the avatar, with the full name in its tooltip', async () => {
    useLayout.setState({ mobile: true });
    renderInShell(<UserMenu />);
    expect(screen.getByRole('button', { name: '用户菜单' })).toHaveTextContent(/^理员$/);
    await userEvent.hover(screen.getByText('理员'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('超级管理员');
  });
});

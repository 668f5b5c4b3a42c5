import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NameAvatar } from './name-avatar';

describe('NameAvatar', () => {
  it('shows the last two characters of a long name, and the full name in its tooltip', async () => {
    render(<NameAvatar name="超级管理员" />);
    await userEvent.hover(screen.getByText('理员'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('超级管理员');
  });
});

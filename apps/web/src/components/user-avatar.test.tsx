import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { avatarText, UserAvatar } from './user-avatar';

describe('avatarText', () => {
  it('keeps the last two characters of a long name, whole characters only', () => {
    expect(avatarText('欧阳娜娜')).toBe('娜娜');
    expect(avatarText('张三')).toBe('张三');
    expect(avatarText('王')).toBe('王');
    expect(avatarText(' Alice ')).toBe('ce');
    expect(avatarText('小明😀')).toBe('明😀');
    expect(avatarText('')).toBe('');
  });
});

describe('UserAvatar', () => {
  it('shows the picture when there is one, and the end of the name otherwise', () => {
    const { container, rerender } = render(<UserAvatar name="欧阳娜娜" src="/uploads/a/2026/05/0123456789abcdef0123456789abcdef.png" />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/uploads/a/2026/05/0123456789abcdef0123456789abcdef.png');
    rerender(<UserAvatar name="欧阳娜娜" src="" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent(/^娜娜$/);
  });

  it('keeps the end of a long name in the avatar, with the full name in its tooltip', async () => {
    const { container } = render(<UserAvatar name="超级管理员" card={<p>card</p>} />);
    expect(container).toHaveTextContent(/^理员$/);
    await userEvent.hover(screen.getByText('理员'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('超级管理员');
  });

  it('is a button naming the person only when it opens a card', () => {
    const { container, rerender } = render(<UserAvatar name="张三丰" />);
    expect(within(container).queryByRole('button')).toBeNull();
    rerender(<UserAvatar name="张三丰" card={<p>card</p>} />);
    expect(within(container).getByRole('button', { name: '张三丰' })).toHaveAttribute('aria-haspopup', 'dialog');
  });
});

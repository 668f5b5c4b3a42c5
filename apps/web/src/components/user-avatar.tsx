import { UserOutlined } from '@ant-design/icons';
import { Avatar, Popover, Tooltip, type AvatarProps } from 'antd';
import type { ReactNode } from 'react';
import './user-avatar.css';

/** §2.4: a name in an avatar is cut to its last two characters (张三丰 → 三丰); code points, so no emoji is split. */
export const avatarText = (name: string): string => [...name.trim()].slice(-2).join('');

export interface UserAvatarProps {
  name: string;
  /** The picture; empty or failing to load, the avatar shows the name's last two characters instead. */
  src?: string | null;
  size?: AvatarProps['size'];
  /** The user card: when given, clicking the avatar opens it in a popover (§2.4). */
  card?: ReactNode;
}

/**
 * A person's avatar: their picture, else the end of their name, else a person icon. The full name is its tooltip:
 * the end of a name alone (理员 for 超级管理员) does not say who it is.
 */
export function UserAvatar({ name, src, size, card }: UserAvatarProps) {
  const text = avatarText(name);
  const avatar = (
    <Avatar size={size} src={src || undefined} alt={name} icon={text ? undefined : <UserOutlined />} aria-hidden={Boolean(card)}>
      {text}
    </Avatar>
  );
  const named = text ? <Tooltip title={name}>{avatar}</Tooltip> : avatar;
  if (!card) return named;
  return (
    <Popover trigger="click" content={card} placement="rightTop" arrow={false} destroyOnHidden>
      <button type="button" className="user-avatar-button" aria-label={name} aria-haspopup="dialog">
        {named}
      </button>
    </Popover>
  );
}

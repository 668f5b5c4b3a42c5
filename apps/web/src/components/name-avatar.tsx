import { UserOutlined } from '@ant-design/icons';
import { Avatar, Tooltip, type AvatarProps } from 'antd';

/** Long names are cut to their last two characters in avatars (§2.4); Array.from keeps surrogate pairs whole. */
export const avatarText = (name: string): string => Array.from(name).slice(-2).join('');

/**
 * A person's picture, or the last two characters of their name when they have none; the full name is its tooltip, since
 * 理员 alone does not say who 超级管理员 is.
 */
export function NameAvatar({ name, src, ...props }: Omit<AvatarProps, 'src' | 'children' | 'icon'> & { name: string; src?: string | null }) {
  const avatar = (
    <Avatar {...props} src={src || undefined} icon={name ? undefined : <UserOutlined />}>
      {avatarText(name)}
    </Avatar>
  );
  return name ? <Tooltip title={name}>{avatar}</Tooltip> : avatar;
}

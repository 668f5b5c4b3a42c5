import { UserOutlined } from '@ant-design/icons';
import { Avatar, type AvatarProps } from 'antd';

/** Long names are cut to their last two characters in avatars (§2.4); Array.from keeps surrogate pairs whole. */
export const avatarText = (name: string): string => Array.from(name).slice(-2).join('');

/** A person's picture, or the last two characters of their name when they have none. */
export function NameAvatar({ name, src, ...props }: Omit<AvatarProps, 'src' | 'children' | 'icon'> & { name: string; src?: string | null }) {
  return (
    <Avatar {...props} src={src || undefined} icon={name ? undefined : <UserOutlined />}>
      {avatarText(name)}
    </Avatar>
  );
}

import { Tag } from 'antd';
import { useNotificationTypes } from './notification-types';
import '../inform.css';

/**
 * A notification's type as a tag, in the UI's language. It never grows past its cell: a long English name ends in "…",
 * and the whole name shows on hover.
 */
export function NotificationTypeTag({ type, className }: { type: number; className?: string }) {
  const { nameOf } = useNotificationTypes();
  const name = nameOf(type);
  return (
    <Tag className={className ? `notification-type-tag ${className}` : 'notification-type-tag'} title={name}>
      {name}
    </Tag>
  );
}

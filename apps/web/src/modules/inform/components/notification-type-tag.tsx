import { Tag } from 'antd';
import { useNotificationTypes } from './notification-types';
import '../inform.css';

/**
 * A notification's type as a tag: its name in the UI's language after a dot of its colour (the text keeps the theme's
 * contrast whatever colour staff choose). It never grows past its cell: a long English name ends in "…", and the whole
 * name shows on hover. Nothing shows until the types have loaded.
 */
export function NotificationTypeTag({ type, className }: { type: number; className?: string }) {
  const shown = useNotificationTypes().typeOf(type);
  if (!shown) return null;
  return (
    <Tag className={className ? `notification-type-tag ${className}` : 'notification-type-tag'} title={shown.label}>
      <span className="notification-type-tag__dot" style={{ background: shown.color }} aria-hidden />
      {shown.label}
    </Tag>
  );
}

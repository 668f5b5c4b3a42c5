import { notificationTypeResource } from '@juqi/contract';
import { ColorPicker, Input, Space } from 'antd';
import { ResourcePage, type ResourcePageOptions } from '../../../components/resource/resource-page';
import { format, useMessages } from '../../../lib/i18n';
import { settingsMessages } from '../messages';
import '../inform.css';

/** A type's colour in the list: its dot as the tags show it, and the code. */
function ColourCell({ value }: { value: unknown }) {
  const t = useMessages(settingsMessages);
  const color = String(value);
  return (
    <span className="type-colour" title={format(t.colour, { color })}>
      <span className="notification-type-tag__dot" style={{ background: color }} aria-hidden />
      {color}
    </span>
  );
}

/** The colour as `#rrggbb`, picked (no transparency: the field takes six hex digits) or typed. */
function ColourEditor({ id, value, onChange }: { id?: string; value?: unknown; onChange?: (value: unknown) => void }) {
  const text = typeof value === 'string' ? value : '';
  return (
    <Space.Compact className="type-colour-editor">
      <ColorPicker value={/^#[0-9a-fA-F]{6}$/.test(text) ? text : undefined} disabledAlpha format="hex" onChange={(color) => onChange?.(color.toHexString())} />
      <Input id={id} value={text} maxLength={7} placeholder="#0066eb" onChange={(e) => onChange?.(e.target.value)} />
    </Space.Compact>
  );
}

const options: ResourcePageOptions = {
  cells: { color: (value) => <ColourCell value={value} /> },
  editors: { color: ColourEditor },
};

/**
 * 通知类型: the declared resource's screen, its colour shown as a dot and chosen with a picker. The five types are edited,
 * never added or deleted; an edit refreshes every screen showing the types (their query sits under the resource's keys).
 */
export function NotificationTypesPage() {
  return <ResourcePage resource={notificationTypeResource} options={options} />;
}

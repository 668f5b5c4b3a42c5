import { ThunderboltOutlined } from '@ant-design/icons';
import type { PowerNode } from '@juqi/contract';
import { Tag, Typography } from 'antd';
import { menuIcon } from '../../../components/menu-icons';
import { useMessages } from '../../../lib/i18n';
import { menuName } from '../../../lib/menu-routes';
import { usePreferences } from '../../../lib/preferences';
import { powerMessages } from '../messages';

/**
 * How a catalogue entry reads: a menu with its icon (and path), named in the UI's language as the sidebar names it; an
 * operation tagged with its code. `compact` leaves the path, tag and code out, for tables that show them in columns of
 * their own, and shows a menu's two names side by side, as both are edited there.
 */
export function CatalogueTitle({ node, compact = false }: { node: PowerNode; compact?: boolean }) {
  const t = useMessages(powerMessages);
  const language = usePreferences((s) => s.language);
  if (node.kind === 'operation' && compact) {
    return (
      <span className="power-entry power-entry--operation">
        <span className="power-entry__icon">
          <ThunderboltOutlined />
        </span>
        <span className="power-entry__name">{node.name}</span>
      </span>
    );
  }
  if (node.kind === 'operation') {
    return (
      <span className="power-entry power-entry--operation">
        <Tag color="geekblue" variant="filled" className="power-entry__tag">
          {t.kindOperation}
        </Tag>
        <span className="power-entry__name">{node.name}</span>
        <Typography.Text code className="power-entry__code">
          {node.code}
        </Typography.Text>
      </span>
    );
  }
  return (
    <span className="power-entry power-entry--menu">
      <span className="power-entry__icon">{menuIcon(node.icon, true)}</span>
      <span className="power-entry__name">{compact ? node.name : menuName(node, language)}</span>
      {compact && node.name_en && (
        <Typography.Text type="secondary" className="power-entry__name-en">
          {node.name_en}
        </Typography.Text>
      )}
      {!compact && node.path && (
        <Typography.Text type="secondary" className="power-entry__path">
          {node.path}
        </Typography.Text>
      )}
    </span>
  );
}

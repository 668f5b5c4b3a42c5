import { ThunderboltOutlined } from '@ant-design/icons';
import type { PowerNode } from '@juqi/contract';
import { Tag, Typography } from 'antd';
import { menuIcon } from '../../../components/menu-icons';
import { useMessages } from '../../../lib/i18n';
import { nameInLanguage } from '../../../lib/menu-routes';
import { usePreferences } from '../../../lib/preferences';
import { powerMessages } from '../messages';

/**
 * How a catalogue entry reads: a menu with its icon and path, an operation tagged with its code, named in the UI's
 * language as the sidebar names menus. `compact` leaves the path, tag and code out, for tables that show them in columns
 * of their own, and shows the entry's two names side by side, as both are edited there.
 */
export function CatalogueTitle({ node, compact = false }: { node: PowerNode; compact?: boolean }) {
  const t = useMessages(powerMessages);
  const language = usePreferences((s) => s.language);
  const isOperation = node.kind === 'operation';
  return (
    <span className={`power-entry power-entry--${node.kind}`}>
      {isOperation && !compact ? (
        <Tag color="geekblue" variant="filled" className="power-entry__tag">
          {t.kindOperation}
        </Tag>
      ) : (
        <span className="power-entry__icon">{isOperation ? <ThunderboltOutlined /> : menuIcon(node.icon, true)}</span>
      )}
      <span className="power-entry__name">{compact ? node.name : nameInLanguage(node, language)}</span>
      {compact && node.name_en && (
        <Typography.Text type="secondary" className="power-entry__name-en">
          {node.name_en}
        </Typography.Text>
      )}
      {!compact && isOperation && (
        <Typography.Text code className="power-entry__code">
          {node.code}
        </Typography.Text>
      )}
      {!compact && !isOperation && node.path && (
        <Typography.Text type="secondary" className="power-entry__path">
          {node.path}
        </Typography.Text>
      )}
    </span>
  );
}

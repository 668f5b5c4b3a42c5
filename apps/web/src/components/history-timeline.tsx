import type { HistoryEntry } from '@juqi/contract';
import { Empty, Timeline, Typography } from 'antd';
import { useDateTime } from '../lib/date-time';
import { useMessages } from '../lib/i18n';
import { commonMessages } from './messages';

/**
 * A record's history, oldest first (a resource's, an agency's, a customer's): each entry's action, what it changed
 * (`change`, else what it was about), the reason given, when and by whom.
 */
export function HistoryTimeline({ entries, actionName, change, empty }: { entries: readonly HistoryEntry[]; actionName: (action: string) => string; change?: (entry: HistoryEntry) => string | null; empty?: string }) {
  const t = useMessages(commonMessages);
  const dateTime = useDateTime();
  if (entries.length === 0 && empty) return <Empty description={empty} />;
  return (
    <Timeline
      items={entries.map((entry, index) => {
        const changed = change?.(entry) ?? entry.subject;
        return {
          key: index,
          content: (
            <>
              <Typography.Text strong>{actionName(entry.action)}</Typography.Text>
              {changed && <Typography.Text type="secondary">{` ${changed}`}</Typography.Text>}
              {entry.reason && <div>{`${t.actionReason}：${entry.reason}`}</div>}
              <div>
                <Typography.Text type="secondary">{[dateTime(entry.at), entry.staff_name].filter(Boolean).join(' · ')}</Typography.Text>
              </div>
            </>
          ),
        };
      })}
    />
  );
}

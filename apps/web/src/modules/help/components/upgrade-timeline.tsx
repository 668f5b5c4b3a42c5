import { Button, Empty, Flex, Spin, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { RichText } from '../../../components/rich-text';
import { useMessages } from '../../../lib/i18n';
import { useUpgradeLog } from '../api/get-upgrade-log';
import { helpMessages } from '../messages';
import { QueryFailure } from '../../../components/query-failure';

const STEP = 20;
const MAX = 200;

/** Upgrade log (§2.4, §9: log 1): a timeline of versions, newest first — name, version number, date and notes. */
export function UpgradeTimeline() {
  const t = useMessages(helpMessages);
  const [limit, setLimit] = useState(STEP);
  const log = useUpgradeLog({ page: 1, limit });

  if (log.isError && !log.data) return <QueryFailure compact error={log.error} onRetry={() => void log.refetch()} />;
  if (log.isPending) return <Spin className="help-loading" />;
  const entries = log.data.data;
  if (entries.length === 0) return <Empty description={t.empty} />;

  return (
    <Flex vertical gap={8}>
      <Timeline
        className="help-timeline"
        items={entries.map((entry, index) => ({
          key: entry.id,
          color: index === 0 ? 'blue' : 'gray',
          content: (
            <section className="help-timeline__entry" aria-label={`${entry.version_number} ${entry.name}`}>
              <div className="help-timeline__head">
                <Tag color={index === 0 ? 'blue' : undefined} className="help-timeline__version">
                  {entry.version_number}
                </Tag>
                <Typography.Text strong className="help-timeline__name">
                  {entry.name}
                </Typography.Text>
                <Typography.Text type="secondary" className="help-timeline__date">
                  <time dateTime={entry.up_time}>{entry.up_time}</time>
                </Typography.Text>
              </div>
              {entry.content && <RichText html={entry.content} className="help-timeline__content" />}
            </section>
          ),
        }))}
      />
      {log.data.count > entries.length && limit < MAX && (
        <Button block loading={log.isFetching} onClick={() => setLimit(Math.min(MAX, limit + STEP))}>
          {t.loadMore}
        </Button>
      )}
    </Flex>
  );
}

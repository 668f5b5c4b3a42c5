import { Typography } from 'antd';
import { useTimeZone, utcOffsetLabel } from '../lib/date-time';
import { format, useMessages } from '../lib/i18n';
import { commonMessages } from './messages';

/**
 * 时间为 UTC+08:00（Asia/Shanghai）: the zone a list's times, and its exported file's, are in (the platform's, not the
 * browser's; docs/time.md). Shown once per list page, quietly, where its count is.
 */
export function TimeZoneNote() {
  const t = useMessages(commonMessages);
  const zone = useTimeZone();
  return <Typography.Text type="secondary">{format(t.timesInZone, { offset: utcOffsetLabel(zone), zone })}</Typography.Text>;
}

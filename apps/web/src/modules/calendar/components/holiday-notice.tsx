import { calendarCalls, type HolidayNotice as Holiday } from '@juqi/contract';
import { Modal, Typography } from 'antd';
import { useState } from 'react';
import { useCallQuery } from '../../../lib/call-hooks';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useShellSession } from '../../../lib/shell-session';
import { dateName, daysBetween } from '../days';
import { calendarMessages } from '../messages';

/**
 * The first day of the latest holiday a staff member has dismissed the notice of, in this browser. Notices come one at a
 * time in date order, so every holiday up to it has been dismissed too.
 */
const dismissedKey = (staffId: number) => `juqi-holiday-notice-dismissed-${staffId}`;

/**
 * After sign-in, a notice of the holiday at hand (docs/calendar.md › The holiday notice): its dates and its make-up
 * working days, from a week before it until its last day. Closed, it stays closed for that holiday; a later holiday
 * whose notice has begun shows next.
 */
export function HolidayNotice() {
  const { profile } = useShellSession();
  // Asked once a page load; quiet, as a notice that fails to load is no reason to interrupt the staff.
  const notices = useCallQuery(calendarCalls.holidayNotices, undefined, { staleTime: Infinity, quiet: true });
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(dismissedKey(profile.staff_id)) ?? '');
  const notice = notices.data?.find((holiday) => holiday.first_day > dismissed);
  if (!notice) return null;
  const dismiss = () => {
    localStorage.setItem(dismissedKey(profile.staff_id), notice.first_day);
    setDismissed(notice.first_day);
  };
  return <HolidayNoticeDialog key={notice.first_day} notice={notice} onClose={dismiss} />;
}

function HolidayNoticeDialog({ notice, onClose }: { notice: Holiday; onClose: () => void }) {
  const t = useMessages(calendarMessages);
  const language = usePreferences((s) => s.language);
  const days = { first: dateName(notice.first_day, language), last: dateName(notice.last_day, language), count: daysBetween(notice.first_day, notice.last_day) };
  return (
    <Modal
      open
      centered
      title={format(t.holidayNoticeTitle, { name: notice.name })}
      okText={t.gotIt}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ hidden: true }}
    >
      <Typography.Paragraph>{format(days.count === 1 ? t.holidayNoticeDay : t.holidayNoticeDays, days)}</Typography.Paragraph>
      {notice.make_up_days.length > 0 && (
        <Typography.Paragraph>{format(t.holidayNoticeMakeUp, { days: notice.make_up_days.map((day) => dateName(day, language)).join(t.listJoin) })}</Typography.Paragraph>
      )}
    </Modal>
  );
}

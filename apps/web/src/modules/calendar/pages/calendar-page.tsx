import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { calendarMonth, SPECIAL_DAY_KINDS, type DayStatus } from '@juqi/contract';
import { Button, Calendar, Card, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNarrowScreen } from '../../../components/narrow-screen';
import { QueryFailure } from '../../../components/query-failure';
import { todayIn, useTimeZone } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useCan } from '../../../lib/shell-session';
import { urlField, useUrlState } from '../../../lib/url-state';
import { useDayStatus } from '../api/day-status';
import { DayModal } from '../components/day-modal';
import { YearList } from '../components/year-list';
import { monthName, weekdayName } from '../days';
import { calendarMessages } from '../messages';

const DAY = 'YYYY-MM-DD';
/** The month shown, kept in the URL (`?month=2026-10`) so a reload or a link shows the same one; this month without it. */
const URL_FIELDS = { month: urlField('text', calendarMonth.optional()) };

const shiftMonth = (month: string, by: number) => dayjs(`${month}-01`).add(by, 'month').format('YYYY-MM');

/** /permission/calendar/calendar (时间日历): the month, each day working or rest; a click sets a day's special day. */
export function CalendarPage() {
  const t = useMessages(calendarMessages);
  const language = usePreferences((s) => s.language);
  const narrow = useNarrowScreen();
  const can = useCan();
  const today = todayIn(useTimeZone());
  const thisMonth = today.slice(0, 7);
  const [url, setUrl] = useUrlState(URL_FIELDS);
  const month = (url.month as string | undefined) ?? thisMonth;
  const [openDay, setOpenDay] = useState<string | null>(null);

  // The month's grid starts up to a week before its first day and runs six weeks, whichever day a week starts on.
  const first = dayjs(`${month}-01`);
  const status = useDayStatus(first.subtract(7, 'day').format(DAY), first.add(42, 'day').format(DAY));
  const byDay = useMemo(() => new Map((status.data?.days ?? []).map((d) => [d.day, d])), [status.data]);
  const workDays = status.data?.work_days ?? [];

  // Antd's cell render prop; the cell itself is the DayCell component.
  const renderCell = useCallback(
    (date: Dayjs, info: { type: string; originNode: ReactNode }) =>
      info.type === 'date' ? <DayCell day={date.format(DAY)} status={byDay.get(date.format(DAY))} inMonth={date.format('YYYY-MM') === month} today={today} /> : info.originNode,
    [byDay, month, today],
  );

  const showMonth = (next: string) => setUrl({ month: next });
  const open = (day: string) => {
    if (day.slice(0, 7) !== month) showMonth(day.slice(0, 7));
    setOpenDay(day);
  };

  if (status.isError && !status.data) return <QueryFailure error={status.error} onRetry={() => void status.refetch()} />;

  return (
    <div className="calendar-page calendar-month-page">
      <Card title={t.calendarTitle} extra={can('calendar.day.edit') && !narrow ? <span className="calendar-hint">{t.clickHint}</span> : null}>
        <div className="calendar-header">
          <div className="calendar-header__nav">
            <Button icon={<LeftOutlined />} aria-label={t.previousMonth} onClick={() => showMonth(shiftMonth(month, -1))} />
            <span className="calendar-header__title" aria-live="polite">
              {monthName(month, language)}
            </span>
            <Button icon={<RightOutlined />} aria-label={t.nextMonth} onClick={() => showMonth(shiftMonth(month, 1))} />
            <Button disabled={month === thisMonth} onClick={() => showMonth(thisMonth)}>
              {t.thisMonth}
            </Button>
            {status.isFetching && <Spin size="small" />}
          </div>
          <ul className="calendar-legend" aria-label={t.legend}>
            <li className="calendar-legend__item calendar-legend__item--working">{t.working}</li>
            <li className="calendar-legend__item calendar-legend__item--rest">{t.rest}</li>
            <li className="calendar-legend__item calendar-legend__item--holiday">
              <span className="calendar-day__mark" aria-hidden>
                {t.holidayMark}
              </span>
              {t.holiday}
            </li>
            <li className="calendar-legend__item calendar-legend__item--workday">
              <span className="calendar-day__mark" aria-hidden>
                {t.makeUpMark}
              </span>
              {t.makeUpDay}
            </li>
          </ul>
        </div>
        <Calendar
          fullscreen={!narrow}
          value={first}
          headerRender={() => null}
          fullCellRender={renderCell}
          onSelect={(date, { source }) => {
            if (source === 'date') open(date.format(DAY));
          }}
        />
      </Card>
      <YearList key={month.slice(0, 4)} year={month.slice(0, 4)} workDays={workDays} />
      {openDay && (
        <DayModal day={openDay} special={byDay.get(openDay)?.special ?? null} workDays={workDays} onClose={() => setOpenDay(null)} />
      )}
    </div>
  );
}

/** One date of the grid: its number, 休 / 班 on a special day, the special day's name where there is room. */
function DayCell({ day, status, inMonth, today }: { day: string; status: DayStatus | undefined; inMonth: boolean; today: string }) {
  const t = useMessages(calendarMessages);
  const language = usePreferences((s) => s.language);
  const special = status?.special ?? null;
  const working = status?.working;
  const kindText = special?.kind === SPECIAL_DAY_KINDS.holiday ? t.holiday : t.makeUpDay;
  const state = working === undefined ? '' : working ? t.working : t.rest;
  const date = `${day} ${weekdayName(day, language)}`;
  const label = special ? format(t.dayLabelNamed, { date, status: state, kind: kindText, name: special.name }) : state ? format(t.dayLabel, { date, status: state }) : date;
  const classes = [
    'calendar-day',
    working === undefined ? '' : working ? 'calendar-day--working' : 'calendar-day--rest',
    special ? (special.kind === SPECIAL_DAY_KINDS.holiday ? 'calendar-day--holiday' : 'calendar-day--workday') : '',
    inMonth ? '' : 'calendar-day--other-month',
    day === today ? 'calendar-day--today' : '',
  ];
  // The name is the whole sentence (date, weekday, status, special day); what the cell shows is its short form.
  return (
    <button type="button" className={classes.filter(Boolean).join(' ')} data-day={day}>
      <span className="visually-hidden">{label}</span>
      <span className="calendar-day__top" aria-hidden>
        <span className="calendar-day__date">{Number(day.slice(8))}</span>
        {special && <span className="calendar-day__mark">{special.kind === SPECIAL_DAY_KINDS.holiday ? t.holidayMark : t.makeUpMark}</span>}
      </span>
      {special && (
        <span className="calendar-day__name" aria-hidden>
          {special.name}
        </span>
      )}
    </button>
  );
}

import { calendarCalls, workTime, WEEKDAYS, type WorkTime } from '@juqi/contract';
import { Checkbox, Form, Switch, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { SettingsCard, SettingsForm, UnlabelledItem, useSettingsForm } from '../../../components/settings-form';
import { useCallQuery } from '../../../lib/call-hooks';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useEditWorkTime } from '../api/work-time';
import { isoWeekdayName } from '../days';
import { calendarMessages } from '../messages';

const TIME = 'HH:mm';
const TIME_FIELDS = ['start_time', 'end_time', 'break_start', 'break_end'] as const;
type TimeField = (typeof TIME_FIELDS)[number];

/** What the form holds: the contract's work time with the times as pickers hold them, and whether there is a break. */
type Values = { work_days: number[]; has_break: boolean } & Record<TimeField, Dayjs | null>;

const toValues = (saved: WorkTime): Values => ({
  work_days: saved.work_days,
  has_break: saved.break_start !== null,
  ...(Object.fromEntries(TIME_FIELDS.map((key) => [key, saved[key] ? dayjs(saved[key], TIME) : null])) as Record<TimeField, Dayjs | null>),
});
const toWorkTime = ({ work_days, has_break, ...times }: Values) => ({
  work_days: [...(work_days ?? [])].sort((a, b) => a - b),
  start_time: times.start_time?.format(TIME) ?? '',
  end_time: times.end_time?.format(TIME) ?? '',
  break_start: has_break ? (times.break_start?.format(TIME) ?? '') : null,
  break_end: has_break ? (times.break_end?.format(TIME) ?? '') : null,
});

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
/** Minutes between two `HH:mm` times. */
const minutesBetween = (from: string, to: string) => minutesOf(to) - minutesOf(from);

/** /permission/calendar/time (时间设置): the working week and hours. */
export function WorkTimePage() {
  const t = useMessages(calendarMessages);
  return (
    <SettingsCard title={t.workTimeTitle} query={useCallQuery(calendarCalls.workTimeDetails, undefined)}>
      {(initial) => <WorkTimeForm initial={initial} />}
    </SettingsCard>
  );
}

function WorkTimeForm({ initial }: { initial: WorkTime }) {
  const t = useMessages(calendarMessages);
  const language = usePreferences((s) => s.language);
  const settings = useSettingsForm<Values, WorkTime>({ edit: 'calendar.time.edit', mutation: useEditWorkTime(), saved: t.workTimeSaved });
  const { form } = settings;
  const hasBreak = Form.useWatch('has_break', form) ?? initial.break_start !== null;
  const watched = Form.useWatch([], form);

  // The contract's rule, worded per field: what it refuses here, the server would refuse too.
  const requiredText: Record<TimeField, string> = {
    start_time: t.startTimeRequired,
    end_time: t.endTimeRequired,
    break_start: t.breakStartRequired,
    break_end: t.breakEndRequired,
  };
  const ruleText: Record<string, string> = {
    work_days: t.workDaysRequired,
    end_time: t.endTimeBeforeStart,
    break_start: t.breakStartOutside,
    break_end: t.breakEndInvalid,
  };

  const submit = (values: Values) => {
    const body = toWorkTime(values);
    const checked = workTime.safeParse(body);
    if (!checked.success) {
      const errors = new Map<string, string>();
      for (const issue of checked.error.issues) {
        const key = String(issue.path[0]);
        if (errors.has(key)) continue;
        const empty = body[key as keyof typeof body] === '';
        errors.set(key, empty ? requiredText[key as TimeField] : (ruleText[key] ?? issue.message));
      }
      form.setFields([...errors].map(([name, text]) => ({ name: name as keyof Values, errors: [text] })));
      return;
    }
    void settings.save(checked.data);
  };

  const summary = (() => {
    const current = watched ? workTime.safeParse(toWorkTime(watched)) : null;
    if (!current?.success) return null;
    const { work_days, start_time, end_time, break_start, break_end } = current.data;
    const minutes = minutesBetween(start_time, end_time) - (break_start && break_end ? minutesBetween(break_start, break_end) : 0);
    const hours = minutes % 60 ? format(t.hoursMinutes, { hours: Math.floor(minutes / 60), minutes: minutes % 60 }) : format(t.hoursOnly, { hours: minutes / 60 });
    return format(t.summary, { days: work_days.length, hours });
  })();

  const timeItem = (name: TimeField, label: string) => (
    <Form.Item name={name} label={label}>
      <TimePicker format={TIME} minuteStep={5} needConfirm={false} showNow={false} className="calendar-time" />
    </Form.Item>
  );

  return (
    <SettingsForm<Values>
      settings={settings}
      name="work-time"
      initialValues={toValues(initial)}
      onFinish={submit}
      intro={<Typography.Paragraph type="secondary">{t.workTimeHint}</Typography.Paragraph>}
    >
      <Form.Item name="work_days" label={t.workDays}>
        <Checkbox.Group options={WEEKDAYS.map((weekday) => ({ value: weekday, label: isoWeekdayName(weekday, language) }))} />
      </Form.Item>
      {timeItem('start_time', t.startTime)}
      {timeItem('end_time', t.endTime)}
      <Form.Item name="has_break" label={t.hasBreak} valuePropName="checked">
        <Switch />
      </Form.Item>
      {hasBreak && (
        <>
          {timeItem('break_start', t.breakStart)}
          {timeItem('break_end', t.breakEnd)}
        </>
      )}
      {summary && (
        <UnlabelledItem>
          <Typography.Text type="secondary">{summary}</Typography.Text>
        </UnlabelledItem>
      )}
    </SettingsForm>
  );
}

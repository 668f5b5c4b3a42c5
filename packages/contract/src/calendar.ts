import { z } from 'zod';
import { defineCall, operation, wholeNumber } from './call';
import { defineContractModule } from './contract-module';
import { defineResource } from './resource';
import { calendarDay } from './days';
import { said } from './refusals';

/**
 * Calendar settings (spec §2.2, docs/calendar.md): the work time — which days of the week are worked and the working
 * hours — and the special days that override the work week: holidays (节假日) and make-up working days (调休上班).
 * Days are calendar days `YYYY-MM-DD` in the platform's time zone; weekdays are ISO numbers, 1 Monday … 7 Sunday.
 */

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** What a special day makes of its date. */
export const SPECIAL_DAY_KINDS = {
  /** 节假日: a rest day, whatever the work week says. */
  holiday: 1,
  /** 调休上班: a working day, whatever the work week says. */
  workday: 2,
} as const;
export type SpecialDayKind = (typeof SPECIAL_DAY_KINDS)[keyof typeof SPECIAL_DAY_KINDS];

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A wall-clock time `HH:mm`, 00:00–23:59; such times compare as strings. */
const clockTime = z.string().trim().regex(CLOCK_TIME, said({ 'zh-CN': '须为 HH:mm 格式的时间', 'en-US': 'must be a time HH:mm' }));

/** `YYYY-MM`: a month of the calendar. */
export const calendarMonth = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, said({ 'zh-CN': '须为 YYYY-MM 格式的月份', 'en-US': 'must be a month YYYY-MM' }));

/**
 * 时间设置: the working week and hours. At least one weekday is worked, so "the next working day" always exists; the
 * lunch break is optional (both ends or neither) and lies inside the working hours.
 */
export const workTime = z
  .object({
    /** The weekdays worked, 1 Monday … 7 Sunday, each at most once. */
    work_days: z
      .array(wholeNumber(1, 7))
      .min(1, said({ 'zh-CN': '至少选择一个工作日', 'en-US': 'at least one working day' }))
      .max(7)
      .refine((days) => new Set(days).size === days.length, said({ 'zh-CN': '有重复的工作日', 'en-US': 'a weekday is listed twice' })),
    start_time: clockTime,
    end_time: clockTime,
    break_start: clockTime.nullable().default(null),
    break_end: clockTime.nullable().default(null),
  })
  .superRefine((value, ctx) => {
    const { start_time, end_time, break_start, break_end } = value;
    const withinHours = said({ 'zh-CN': '须在上下班时间之内', 'en-US': 'must be within the working hours' });
    // Times that are not times were refused already; comparing them would only add noise.
    if (![start_time, end_time, break_start ?? '00:00', break_end ?? '00:00'].every((time) => CLOCK_TIME.test(time))) return;
    if (end_time <= start_time) ctx.addIssue({ code: 'custom', path: ['end_time'], message: said({ 'zh-CN': '须晚于上班时间', 'en-US': 'must be after the start time' }) });
    if ((break_start === null) !== (break_end === null)) {
      ctx.addIssue({ code: 'custom', path: [break_start === null ? 'break_start' : 'break_end'], message: said({ 'zh-CN': '休息开始和休息结束须同时填写', 'en-US': 'the start and end of the break go together' }) });
      return;
    }
    if (break_start === null || break_end === null) return;
    if (break_start < start_time || break_start >= end_time) ctx.addIssue({ code: 'custom', path: ['break_start'], message: withinHours });
    else if (break_end <= break_start) ctx.addIssue({ code: 'custom', path: ['break_end'], message: said({ 'zh-CN': '须晚于休息开始', 'en-US': 'must be after the start of the break' }) });
    else if (break_end > end_time) ctx.addIssue({ code: 'custom', path: ['break_end'], message: withinHours });
  });
export type WorkTime = z.output<typeof workTime>;
export type WorkTimeInput = z.input<typeof workTime>;

/** 时间日历's records: a date made a holiday or a make-up working day, with its name (国庆节, 国庆节调休). */
export const specialDay = defineResource({
  module: 'calendar',
  thing: 'day',
  menu: '/permission/calendar/calendar',
  label: { 'zh-CN': '节假日与调休', 'en-US': 'Holiday or make-up day' },
  operations: { view: 'calendar.day.view', add: 'calendar.day.edit', edit: 'calendar.day.edit', delete: 'calendar.day.edit' },
  fields: {
    day: { kind: 'date', label: { 'zh-CN': '日期', 'en-US': 'Date' }, required: true, unique: true },
    kind: {
      kind: 'select',
      label: { 'zh-CN': '类型', 'en-US': 'Type' },
      required: true,
      options: [
        { value: SPECIAL_DAY_KINDS.holiday, label: { 'zh-CN': '节假日', 'en-US': 'Holiday' } },
        { value: SPECIAL_DAY_KINDS.workday, label: { 'zh-CN': '调休上班', 'en-US': 'Make-up working day' } },
      ],
    },
    name: { kind: 'text', label: { 'zh-CN': '名称', 'en-US': 'Name' }, max: 30, required: true },
  },
  columns: ['day', 'kind', 'name', 'updated_at'],
  keyword: ['name'],
  filters: { day: 'range', kind: 'equals' },
  order: { by: 'day', direction: 'asc' },
  pageSize: 50,
});

/** The most days one `day_status` call covers: a year, leap day included. */
export const MAX_STATUS_DAYS = 366;
/** The most working days `working_days` moves by, either way: ten years of them. */
export const MAX_WORKING_DAY_STEPS = 2600;

const dayIndex = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** One day as the calendar counts it. */
export const dayStatus = z.object({
  day: z.string(),
  /** 1 Monday … 7 Sunday. */
  weekday: z.number().int(),
  /** Whether it is a working day: a special day decides, else the work week. */
  working: z.boolean(),
  /** The special day on this date, if any. */
  special: z.object({ id: z.number().int(), kind: z.number().int(), name: z.string() }).nullable(),
});
export type DayStatus = z.infer<typeof dayStatus>;

/**
 * A holiday's notice after sign-in shows from this many days before its first day until its last day, in the platform's
 * time zone (docs/calendar.md › The holiday notice): time enough to plan around it, and late enough to be news.
 */
export const HOLIDAY_NOTICE_DAYS_AHEAD = 7;

/** A holiday as its notice tells it: consecutive holiday dates of one name, and the make-up working days that go with it. */
export const holidayNotice = z.object({
  name: z.string(),
  first_day: z.string(),
  last_day: z.string(),
  /** Make-up working days named after it (国庆节调休 for 国庆节) within a month of it, by date. */
  make_up_days: z.array(z.string()),
});
export type HolidayNotice = z.infer<typeof holidayNotice>;

export const calendarCalls = {
  workTimeDetails: defineCall({
    method: 'GET',
    path: '/api/calendar/work_time_details',
    tag: 'calendar',
    summary: 'The working week and the working hours',
    permission: operation('calendar.time.view'),
    data: workTime,
  }),
  workTimeEdit: defineCall({
    method: 'POST',
    path: '/api/calendar/work_time_edit',
    tag: 'calendar',
    summary: 'Change the working week and the working hours',
    permission: operation('calendar.time.edit'),
    body: workTime,
    data: workTime,
  }),
  dayStatus: defineCall({
    method: 'POST',
    path: '/api/calendar/day_status',
    tag: 'calendar',
    summary: 'Each day from `from` to `to` (both included, at most a year) as working or rest, with its special day',
    permission: operation('calendar.day.view'),
    body: z
      .object({ from: calendarDay, to: calendarDay })
      .strict()
      .refine(({ from, to }) => from <= to, { path: ['to'], message: said({ 'zh-CN': '不能早于开始日期', 'en-US': 'must not be before the start date' }) })
      .refine(({ from, to }) => dayIndex(to) - dayIndex(from) < MAX_STATUS_DAYS, { path: ['to'], message: said({ 'zh-CN': `最多 ${MAX_STATUS_DAYS} 天`, 'en-US': `at most ${MAX_STATUS_DAYS} days` }) }),
    data: z.object({ work_days: z.array(z.number().int()), days: z.array(dayStatus) }),
  }),
  holidayNotices: defineCall({
    method: 'GET',
    path: '/api/calendar/holiday_notices',
    tag: 'calendar',
    summary: `The holidays every staff member is told of today: each from ${HOLIDAY_NOTICE_DAYS_AHEAD} days before its first day until its last, by first day`,
    permission: 'signed-in',
    data: z.array(holidayNotice),
  }),
  workingDays: defineCall({
    method: 'GET',
    path: '/api/calendar/working_days',
    tag: 'calendar',
    summary:
      'The day `n` working days after `from` (before it when negative; for 0, `from` itself if working, else the next working day); `from` defaults to today in the platform’s time zone',
    permission: 'signed-in',
    query: z
      .object({
        from: calendarDay.optional(),
        n: wholeNumber(-MAX_WORKING_DAY_STEPS, MAX_WORKING_DAY_STEPS).default(1),
      })
      .strict(),
    data: z.object({
      from: z.string(),
      n: z.number().int(),
      /** Whether `from` is a working day. */
      from_working: z.boolean(),
      day: z.string(),
    }),
  }),
};

/** The calendar module's share of the contract (`contractModules`). */
export const calendarContract = defineContractModule({ name: 'calendar', calls: calendarCalls, resources: [specialDay] });

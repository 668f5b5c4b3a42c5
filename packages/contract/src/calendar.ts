import { z } from 'zod';
import { defineCall, operation, wholeNumber } from './call';
import { defineResource, resourceCalls } from './resource';
import { calendarDay } from './days';

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
const clockTime = z.string().trim().regex(CLOCK_TIME, 'must be a time HH:mm');

/** `YYYY-MM`: a month of the calendar. */
export const calendarMonth = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month YYYY-MM');

/**
 * 时间设置: the working week and hours. At least one weekday is worked, so "the next working day" always exists; the
 * lunch break is optional (both ends or neither) and lies inside the working hours.
 */
export const workTime = z
  .object({
    /** The weekdays worked, 1 Monday … 7 Sunday, each at most once. */
    work_days: z
      .array(wholeNumber(1, 7))
      .min(1, 'at least one working day')
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'a weekday is listed twice'),
    start_time: clockTime,
    end_time: clockTime,
    break_start: clockTime.nullable().default(null),
    break_end: clockTime.nullable().default(null),
  })
  .superRefine((value, ctx) => {
    const { start_time, end_time, break_start, break_end } = value;
    // Times that are not times were refused already; comparing them would only add noise.
    if (![start_time, end_time, break_start ?? '00:00', break_end ?? '00:00'].every((time) => CLOCK_TIME.test(time))) return;
    if (end_time <= start_time) ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'must be after start_time' });
    if ((break_start === null) !== (break_end === null)) {
      ctx.addIssue({ code: 'custom', path: [break_start === null ? 'break_start' : 'break_end'], message: 'break_start and break_end go together' });
      return;
    }
    if (break_start === null || break_end === null) return;
    if (break_start < start_time || break_start >= end_time) ctx.addIssue({ code: 'custom', path: ['break_start'], message: 'must be within the working hours' });
    else if (break_end <= break_start) ctx.addIssue({ code: 'custom', path: ['break_end'], message: 'must be after break_start' });
    else if (break_end > end_time) ctx.addIssue({ code: 'custom', path: ['break_end'], message: 'must be within the working hours' });
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

export const calendarCalls = {
  ...resourceCalls(specialDay),
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
      .refine(({ from, to }) => from <= to, { path: ['to'], message: 'must not be before from' })
      .refine(({ from, to }) => dayIndex(to) - dayIndex(from) < MAX_STATUS_DAYS, { path: ['to'], message: `at most ${MAX_STATUS_DAYS} days` }),
    data: z.object({ work_days: z.array(z.number().int()), days: z.array(dayStatus) }),
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

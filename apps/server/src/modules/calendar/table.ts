import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** 时间日历 (the `specialDay` resource): a date made a holiday (kind 1) or a make-up working day (kind 2). */
export const calendarDay = pgTable(
  'calendar_day',
  {
    id: serial('id').primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: smallint('kind').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_day_day_key').on(t.day), check('calendar_day_kind_check', sql`${t.kind} in (1, 2)`)],
);

/**
 * 时间设置: the working week and hours, one row (id 1); until it is first saved the module's defaults apply. Weekdays
 * are ISO numbers (1 Monday … 7 Sunday); times are `HH:mm` in the platform's time zone.
 */
export const calendarWorkTime = pgTable(
  'calendar_work_time',
  {
    id: integer('id').primaryKey().default(1),
    workDays: smallint('work_days').array().notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    breakStart: text('break_start'),
    breakEnd: text('break_end'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('calendar_work_time_one_row', sql`${t.id} = 1`)],
);

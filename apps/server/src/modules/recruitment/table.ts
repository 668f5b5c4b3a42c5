import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { personnelStaff } from '../personnel/table';

/** 招聘线索 (the `recruitmentLead` resource): a column per declared field, and the staff record a conversion made. */
export const recruitmentLead = pgTable(
  'recruitment_lead',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    post: text('post').notNull().default(''),
    source: smallint('source').notNull(),
    stage: smallint('stage').notNull().default(1),
    followUp: date('follow_up', { mode: 'string' }),
    remark: text('remark').notNull().default(''),
    /** Set by 转为员工 with the stage: the candidate record it made. */
    staffRecordId: integer('staff_record_id').references(() => personnelStaff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recruitment_lead_stage_idx').on(t.stage, t.updatedAt),
    check('recruitment_lead_stage_check', sql`${t.stage} between 1 and 6`),
    check('recruitment_lead_converted_check', sql`(${t.stage} = 5) = (${t.staffRecordId} is not null)`),
  ],
);

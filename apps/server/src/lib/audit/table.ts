import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Who did what: refusals (40300), locks, audits and other actions a supervisor may need to trace. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: integer('staff_id'),
    action: text('action').notNull(),
    target: text('target'),
    detail: jsonb('detail'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_action_idx').on(t.action, t.createdAt),
    // The operation log (modules/audit) reads newest first, by time, by staff and by target.
    index('audit_log_created_at_idx').on(t.createdAt, t.id),
    index('audit_log_staff_idx').on(t.staffId, t.createdAt, t.id),
    // text_pattern_ops: a target kind's prefix (`case.platform:%`) uses it whatever the database's collation.
    index('audit_log_target_idx').on(t.target.op('text_pattern_ops'), t.createdAt),
  ],
);

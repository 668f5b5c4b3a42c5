import { ACTIVITY_BANDS, VIDEO_PLATFORMS } from '@juqi/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { approvalRequest } from '../approval/table';
import { business } from '../business/table';
import { generalCity } from '../general/table';
import { relevanceRegion } from '../relevance/table';
import { users } from '../user/table';

/**
 * 代理等级 (the `agencyLevel` resource): the levels an agency holds. `users.level` refers to `level` (the rank), a key
 * users and their index held before levels were records; the migration gives that reference `on update cascade`, so
 * renumbering a level moves its holders with it, and it keeps a level users hold from being deleted. Money in fen,
 * rates in basis points.
 */
export const agencyLevel = pgTable(
  'agency_level',
  {
    id: serial('id').primaryKey(),
    level: smallint('level').notNull(),
    name: text('name').notNull(),
    threshold: integer('threshold').notNull().default(0),
    commissionRateBp: integer('commission_rate_bp').notNull().default(0),
    discountBp: integer('discount_bp').notNull().default(10_000),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agency_level_level_key').on(t.level), uniqueIndex('agency_level_name_key').on(t.name)],
);

/**
 * An agency (docs/marketplace.md › Agencies): a marketplace user of type 1, made so by an approved 代理申请. Keyed by
 * the user: `agency_id` everywhere is the user's id. Its level is `users.level`; its region the city's at approval.
 */
export const agency = pgTable(
  'agency',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    /** active; suspended (暂停): no new orders, its orders in progress go on. */
    status: text('status', { enum: ['active', 'suspended'] }).notNull().default('active'),
    /** The home city; none for an agency made before applications (a user of type 1 with no city). */
    cityCode: text('city_code').references(() => generalCity.code),
    /** The city's region (大区) at approval; a region deleted leaves none. */
    regionId: integer('region_id').references(() => relevanceRegion.id, { onDelete: 'set null' }),
    /**
     * The approved 代理申请 (an approval request of kind agency_apply); none for a user made type 1 another way (before
     * applications existed, by the data generator), whose row the module's seed adds.
     */
    applicationId: integer('application_id').references(() => approvalRequest.id),
    /** Milliseconds, as the clock gives them: the list's cursor carries a JavaScript time. */
    joinedAt: timestamp('joined_at', { withTimezone: true, precision: 3 }).notNull(),
    /** 代理申请表's values as approved. */
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    /** The nightly figures (docs/marketplace.md › The nightly figures): kept sales of 基础设置's level window, fen. */
    salesFen: bigint('sales_fen', { mode: 'number' }).notNull().default(0),
    /** 代理活跃度's score over its window, and its band. */
    activityScore: integer('activity_score').notNull().default(0),
    activityBand: text('activity_band', { enum: ACTIVITY_BANDS }).notNull().default('dormant'),
    /** When the figures were last computed; none before the first run. */
    figuresAt: timestamp('figures_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agency_city_idx').on(t.cityCode),
    index('agency_region_idx').on(t.regionId),
    index('agency_joined_idx').on(t.joinedAt, t.userId),
    index('agency_activity_idx').on(t.activityBand, t.joinedAt, t.userId),
  ],
);

/**
 * A business an agency has asked to sell (业务申请, docs/marketplace.md): made at its first application and the subject
 * of every application about the pair, so one waits per agency and business. An approval lets the agency sell it
 * (`enabled`); staff revoke that, and the agency applies again to get it back.
 */
export const agencyBusiness = pgTable(
  'agency_business',
  {
    id: serial('id').primaryKey(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agency.userId),
    businessId: integer('business_id')
      .notNull()
      .references(() => business.id),
    /** The agency may sell the business: set by an approval, cleared by a revocation. */
    enabled: boolean('enabled').notNull().default(false),
    /** The last approval: when, and which request; none while never approved. */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    requestId: integer('request_id').references(() => approvalRequest.id),
    /** 业务申请表's values as last approved. */
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agency_business_key').on(t.agencyId, t.businessId), index('agency_business_business_idx').on(t.businessId)],
);

/**
 * 视频平台认证 (docs/marketplace.md › 代理设置 and certification): an account of a video platform an agency submitted
 * with pictures proving it (uploads of scope `certification`), 1 under review → 2 certified or 0 rejected with a reason.
 * One under review per agency and platform.
 */
export const agencyCertification = pgTable(
  'agency_certification',
  {
    id: serial('id').primaryKey(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agency.userId),
    platform: text('platform', { enum: VIDEO_PLATFORMS }).notNull(),
    accountName: text('account_name').notNull(),
    accountId: text('account_id').notNull(),
    state: smallint('state').notNull().default(1),
    reason: text('reason').notNull().default(''),
    /** The upload paths of its pictures, in the order sent. */
    documents: jsonb('documents').$type<string[]>().notNull(),
    reviewerId: integer('reviewer_id'),
    submittedAt: timestamp('submitted_at', { withTimezone: true, precision: 3 }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('agency_certification_open_key').on(t.agencyId, t.platform).where(sql`${t.state} = 1`),
    index('agency_certification_agency_idx').on(t.agencyId, t.submittedAt, t.id),
    index('agency_certification_submitted_idx').on(t.submittedAt, t.id),
  ],
);

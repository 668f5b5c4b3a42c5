/**
 * The one Drizzle schema: every module's table file, re-exported. drizzle-kit reads this file to write migrations.
 */
export * from '../audit/table';
export * from '../settings/table';
export * from '../../modules/auth/table';
export * from '../../modules/power/table';
export * from '../../modules/help/table';
export * from '../../modules/file/table';
export * from '../../modules/general/table';
export * from '../../modules/user/table';
export * from '../../modules/inform/table';
export * from '../../modules/case/table';
export * from '../../modules/keyword/table';
export * from '../../modules/publishing/table';
export * from '../../modules/apps/table';
export * from '../../modules/calendar/table';
export * from '../../modules/relevance/table';
export * from '../../modules/field/table';
export * from '../../modules/department/table';
export * from '../../modules/personnel/table';
export * from '../../modules/recruitment/table';
export * from '../../modules/approval/table';
export * from '../ledger/table';
export * from '../../modules/finance/table';
export * from '../../modules/business/table';
export * from '../../modules/agency/table';
export * from '../../modules/merchant/table';
export * from '../../modules/order/table';

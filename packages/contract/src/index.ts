import { approvalCalls } from './approval';
import { auditCalls } from './audit';
import { appUserAuthCalls, authCalls } from './auth';
import { businessCalls, businessPackage, businessResource } from './business';
import { calendarCalls, specialDay } from './calendar';
import { caseCalls, casePlatform } from './case';
import type { AnyCall } from './call';
import { departmentCalls } from './department';
import { fieldCalls } from './field';
import { financeCalls, topUpCalls, topUpRecordCalls, withdrawalAppCalls, withdrawalCalls } from './finance';
import { adjustmentCalls } from './finance-adjustments';
import { beanAppCalls, ledgerBookCalls, manualCreditCalls } from './finance-books';
import { reconciliationCalls } from './finance-reconciliation';
import { financeSettingsCalls, functionCharge, rechargePreset, topUpPackage } from './finance-settings';
import { fileCalls } from './file';
import { cityResource, generalCalls, industryResource } from './general';
import { helpCalls, helpManualResource, upgradeLogResource } from './help';
import { informCalls, notificationTypeResource } from './inform';
import { personnelCalls } from './personnel';
import { personnelProcessCalls } from './personnel-processes';
import { powerCalls } from './power';
import { recruitmentCalls, recruitmentLead } from './recruitment';
import { regionResource, relevanceCalls } from './relevance';
import { settingsCalls } from './settings';
import { systemCalls } from './system';
import { userCalls } from './user';

export * from './approval';
export * from './approval-kind';
export * from './audit';
export * from './auth';
export * from './business';
export * from './calendar';
export * from './call';
export * from './case';
export * from './department';
export * from './errors';
export * from './field';
export * from './field-labels';
export * from './field-types';
export * from './finance';
export * from './finance-adjustments';
export * from './finance-books';
export * from './finance-reconciliation';
export * from './finance-settings';
export * from './file';
export * from './general';
export * from './help';
export * from './inform';
export * from './menu-tree';
export * from './operations';
export * from './personnel';
export * from './personnel-processes';
export * from './power';
export * from './recruitment';
export * from './relevance';
export * from './refusals';
export * from './resource';
export * from './settings';
export * from './system';
export * from './time-zone';
export * from './user';
export * from './days';
export * from './validators';

/** Every call the server answers, by module. The server refuses to boot if one of these has no handler. */
export const callsByModule = {
  system: systemCalls,
  settings: settingsCalls,
  auth: authCalls,
  appUserAuth: appUserAuthCalls,
  power: powerCalls,
  help: helpCalls,
  inform: informCalls,
  file: fileCalls,
  user: userCalls,
  case: caseCalls,
  business: businessCalls,
  audit: auditCalls,
  calendar: calendarCalls,
  general: generalCalls,
  relevance: relevanceCalls,
  field: fieldCalls,
  department: departmentCalls,
  personnel: { ...personnelCalls, ...personnelProcessCalls },
  approval: approvalCalls,
  recruitment: recruitmentCalls,
  // One module, several call families, named apart.
  finance: { ...financeCalls, ...financeSettingsCalls, ...adjustmentCalls, ...topUpCalls, topUpList: topUpRecordCalls.list, topUpDetails: topUpRecordCalls.details, topUpExport: topUpRecordCalls.export,
    withdrawApply: withdrawalAppCalls.apply, withdrawStatus: withdrawalAppCalls.status,
    withdrawList: withdrawalCalls.list, withdrawDetails: withdrawalCalls.details, withdrawExport: withdrawalCalls.export,
    withdrawApprove: withdrawalCalls.approve, withdrawPay: withdrawalCalls.pay, withdrawReject: withdrawalCalls.reject,
    ...manualCreditCalls, ...beanAppCalls,
    ...reconciliationCalls,
    ...Object.fromEntries(Object.entries(ledgerBookCalls).flatMap(([book, calls]) => Object.entries(calls).map(([name, call]) => [`${book}_${name}`, call]))) },
} satisfies Record<string, Record<string, AnyCall>>;

export const allCalls: AnyCall[] = Object.values(callsByModule).flatMap((calls) => Object.values(calls));

/** Every declared resource (docs/resources.md): the generated server tests walk them all. */
export const allResources = [casePlatform, helpManualResource, upgradeLogResource, specialDay, notificationTypeResource, industryResource, cityResource, regionResource, recruitmentLead, rechargePreset, topUpPackage, functionCharge, businessResource, businessPackage];

/** The child lists of a resource (those declaring it their parent), shown as tabs of its details. */
export const childResources = (resource: { module: string; thing: string }) =>
  allResources.filter((child) => 'parent' in child && child.parent?.resource.module === resource.module && child.parent.resource.thing === resource.thing);

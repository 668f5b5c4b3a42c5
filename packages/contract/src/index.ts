import { agencyContract } from './agency';
import { approvalContract } from './approval';
import { auditContract } from './audit';
import { authContract } from './auth';
import { businessContract } from './business';
import { calendarContract } from './calendar';
import { caseContract } from './case';
import { keywordContract } from './keyword';
import { publishingContract } from './publishing';
import { appsContract } from './apps';
import type { AnyCall } from './call';
import { moduleCalls } from './resource';
import { departmentContract } from './department';
import { fieldContract } from './field';
import { financeContract } from './finance-module';
import { fileContract } from './file';
import { generalContract } from './general';
import { helpContract } from './help';
import { informContract } from './inform';
import { personnelContract } from './personnel-processes';
import { powerContract } from './power';
import { recruitmentContract } from './recruitment';
import { relevanceContract } from './relevance';
import { settingsContract } from './settings';
import { systemContract } from './system';
import { merchantContract } from './merchant';
import { orderContract } from './order';
import { userContract } from './user';

export * from './agency';
export * from './approval';
export * from './approval-kind';
export * from './audit';
export * from './auth';
export * from './business';
export * from './calendar';
export * from './call';
export * from './case';
export * from './contract-module';
export * from './department';
export * from './errors';
export * from './field';
export * from './field-labels';
export * from './field-types';
export * from './finance';
export * from './finance-adjustments';
export * from './finance-books';
export * from './finance-module';
export * from './finance-reconciliation';
export * from './finance-settings';
export * from './file';
export * from './first-load';
export * from './general';
export * from './help';
export * from './inform';
export * from './keyword';
export * from './menu-tree';
export * from './merchant';
export * from './operations';
export * from './order';
export * from './personnel';
export * from './personnel-processes';
export * from './power';
export * from './publishing';
export * from './apps';
export * from './recruitment';
export * from './relevance';
export * from './refusals';
export * from './resource';
export * from './settings';
export * from './settings-document';
export * from './system';
export * from './time-zone';
export * from './user';
export * from './days';
export * from './validators';

/**
 * Every module's share of the contract, each declared once in its own contract file (docs/architecture.md ›
 * Manifests). A new module is one line here.
 */
export const contractModules = [
  systemContract, settingsContract, authContract, powerContract, helpContract, informContract, fileContract, userContract, caseContract,
  businessContract, auditContract, calendarContract, generalContract, relevanceContract, fieldContract, departmentContract, personnelContract,
  approvalContract, recruitmentContract, financeContract, agencyContract, merchantContract, orderContract, keywordContract, publishingContract, appsContract,
];

/** Every call the server answers, by module. The server refuses to boot if one of these has no handler. */
export const callsByModule: Record<string, Readonly<Record<string, AnyCall>>> = Object.fromEntries(contractModules.map((module) => [module.name, moduleCalls(module)]));

export const allCalls: AnyCall[] = Object.values(callsByModule).flatMap((calls) => Object.values(calls));

/** Every declared resource (docs/resources.md): the generated server tests walk them all. */
export const allResources = contractModules.flatMap((module) => module.resources);

/** Every declared settings document (docs/resources.md › Settings documents): the generated tests walk them all. */
export const allSettingsDocuments = contractModules.flatMap((module) => module.settings);

/** The child lists of a resource (those declaring it their parent), shown as tabs of its details. */
export const childResources = (resource: { module: string; thing: string }) =>
  allResources.filter((child) => 'parent' in child && child.parent?.resource.module === resource.module && child.parent.resource.thing === resource.thing);

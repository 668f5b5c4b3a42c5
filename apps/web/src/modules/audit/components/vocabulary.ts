import { allResources, AuditVocabulary } from '@juqi/contract';

/** The names of the log's actions, targets and fields, from the contract's declarations. */
export const auditVocabulary = new AuditVocabulary(allResources);

/** Refusals (`permission.denied`, `grant.refused` …): the list marks them. */
export const isRefusal = (action: string) => /\.(denied|refused)$/.test(action);

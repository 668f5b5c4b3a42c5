import { auditCalls, type AuditFilter } from '@juqi/contract';
import { callApi } from '../../../lib/api-client';
import { useKeysetQuery } from '../../../lib/keyset-query';
import { auditKeys } from './keys';

/** POST /api/audit/log_list: the log under a filter, newest first, a page at a time. */
export const getAuditLog = (filter: AuditFilter, cursor?: string) => callApi(auditCalls.logList, { body: { ...filter, cursor } });

export function useAuditLog(filter: AuditFilter) {
  return useKeysetQuery(auditKeys.list(filter), (cursor) => getAuditLog(filter, cursor));
}

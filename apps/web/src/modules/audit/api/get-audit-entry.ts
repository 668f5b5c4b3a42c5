import { auditCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { callKey } from '../../../lib/call-hooks';

/** POST /api/audit/log_details: one entry with its details (the record before and after). Entries never change. */
export const getAuditEntry = (id: number) => callApi(auditCalls.logDetails, { body: { id } });

export function useAuditEntry(id: number) {
  return useQuery({ queryKey: callKey(auditCalls.logDetails, { id }), queryFn: () => getAuditEntry(id), staleTime: Infinity });
}

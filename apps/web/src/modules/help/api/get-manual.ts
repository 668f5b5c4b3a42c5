import { helpCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { helpKeys } from './keys';

/**
 * POST /api/help/help_manual_find: one manual with its content. Under the help manual resource's keys (`helpKeys`),
 * which the call hooks' keys are not: a write on its settings screen refreshes the drawer.
 */
export function useHelpManual(id: number | undefined) {
  return useQuery({ queryKey: helpKeys.manual(id ?? 0), queryFn: () => callApi(helpCalls.helpManualFind, { body: { id: id! } }), enabled: id !== undefined });
}

import { helpCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { helpKeys } from './keys';

/** POST /api/help/help_manual_find: one manual with its content. */
export const getManual = (id: number) => callApi(helpCalls.helpManualFind, { body: { id } });

export function useHelpManual(id: number | undefined) {
  return useQuery({ queryKey: helpKeys.manual(id ?? 0), queryFn: () => getManual(id!), enabled: id !== undefined });
}

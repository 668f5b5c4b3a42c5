import { powerCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { powerKeys } from './keys';

/** POST /api/power/powerparticulars: the whole function catalogue, menus and their operations. */
export const getCatalogue = async () => (await callApi(powerCalls.particulars)).tree;

export function useCatalogue() {
  return useQuery({ queryKey: powerKeys.catalogue, queryFn: getCatalogue });
}

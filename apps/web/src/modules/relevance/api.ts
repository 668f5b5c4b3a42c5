import { regionResource, relevanceCalls } from '@juqi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { resourceKeys } from '../../lib/resource';

// Under the region resource's key: a region added, renamed or deleted (which frees its cities) refreshes these too.
const keys = resourceKeys(regionResource);

/** Every city with the region holding it: the picker, and each region's count. */
export const useCityRegions = () => useQuery({ queryKey: [...keys.all, 'city_regions'], queryFn: () => callApi(relevanceCalls.cityRegions) });

/** A region's cities as the server holds them now: where the picker starts. */
export const useRegionCities = (id: number) => useQuery({ queryKey: [...keys.all, 'cities', id], queryFn: () => callApi(relevanceCalls.regionCities, { body: { id } }) });

export function useSetRegionCities() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; city_codes: string[] }) => callApi(relevanceCalls.regionCitiesSet, { body }),
    // Refused too: a 40900 means another region took a city meanwhile, which the picker should now show.
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

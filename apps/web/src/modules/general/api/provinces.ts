import { generalCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The provinces the cities belong to (the province filter); fixed data, so fetched once per visit. */
export const useCityProvinces = () =>
  useQuery({ queryKey: ['general', 'city', 'provinces'], queryFn: () => callApi(generalCalls.cityProvinces), staleTime: Infinity });

import { personnelCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { personnelKeys } from '../api/keys';

/** POST /api/personnel/dashboard: every aggregate of 人力看板; under the staff records' key, so their changes refresh it. */
export const getHrDashboard = () => callApi(personnelCalls.dashboard, { body: {} });

export function useHrDashboard() {
  return useQuery({ queryKey: [...personnelKeys.all, 'dashboard'], queryFn: getHrDashboard });
}

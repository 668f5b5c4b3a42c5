import { settingsCalls } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { powerKeys } from './keys';

/** GET /api/set/login_details: session lifetimes, single session, SMS template. */
export const getLoginSettings = () => callApi(settingsCalls.loginDetails);

export function useLoginSettings() {
  return useQuery({ queryKey: powerKeys.loginSettings, queryFn: getLoginSettings });
}

import { authCalls } from '@juqi/contract';
import { useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { callApi } from './api-client';
import { takeSessionCall } from './boot-calls';

/**
 * The signed-in staff's profile and menus. Invalidate this key after editing roles or the function catalogue, so the
 * shell picks up the new menus without signing out: `queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY })`,
 * or `useRefreshSession()`.
 */
export const SESSION_QUERY_KEY = ['auth', 'session'] as const;
const PROFILE_KEY = [...SESSION_QUERY_KEY, 'profile'] as const;
const MENUS_KEY = [...SESSION_QUERY_KEY, 'menus'] as const;

// The first load is quiet: when it fails the shell shows one message and goes to the sign-in page (§4), instead of the
// client's toast and logged-out dialog. Later refetches report failures like any other call.
const firstLoad = (client: QueryClient, key: QueryKey) => client.getQueryData(key) === undefined;

/** GET /api/staff/info: name, avatar, menus and operation codes. Refetched when the window regains focus. */
export function useProfile() {
  return useQuery({
    queryKey: PROFILE_KEY,
    queryFn: ({ client, queryKey }) => takeSessionCall('profile') ?? callApi(authCalls.info, { quiet: firstLoad(client, queryKey) }),
    refetchOnWindowFocus: true,
  });
}

/**
 * GET /api/staff/menu_list: the menus the routes are built from. Asked for beside the profile, not after it (the shell
 * judges the profile's answer first). Refetched on focus.
 */
export function useMenus() {
  return useQuery({
    queryKey: MENUS_KEY,
    queryFn: async ({ client, queryKey }) =>
      (await (takeSessionCall('menus') ?? callApi(authCalls.menuList, { quiet: firstLoad(client, queryKey) }))).menuList,
    refetchOnWindowFocus: true,
  });
}

/** For permission screens: reload the signed-in staff's profile and menus after a change. */
export function useRefreshSession(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

import { useRefreshSession } from '../../../lib/session-queries';

/**
 * After a grant or a catalogue change: the shell refetches the signed-in staff's profile and menus, so new or removed
 * menus show without signing out. The one place this module touches the shell's session queries (owned by the auth
 * module: `SESSION_QUERY_KEY`, `useRefreshSession`).
 */
export const useRefreshMenus: () => () => Promise<void> = useRefreshSession;

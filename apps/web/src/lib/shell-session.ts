import type { Profile } from '@juqi/contract';
import { createContext, useCallback, useContext } from 'react';
import type { MenuModel } from './menu-routes';

export interface ShellSession {
  profile: Profile;
  menus: MenuModel;
}

export const ShellContext = createContext<ShellSession | null>(null);

/** The signed-in staff and their menu model, for anything rendered inside the shell. */
export function useShellSession(): ShellSession {
  const session = useContext(ShellContext);
  if (!session) throw new Error('useShellSession is used outside the shell');
  return session;
}

/**
 * Whether the signed-in staff holds an operation code (the profile's `operations`; the super-admin holds all). Only
 * decides which buttons show: the server checks every call itself.
 */
export function useCan(): (code: string) => boolean {
  const { profile } = useShellSession();
  return useCallback((code: string) => profile.is_super_admin || profile.operations.includes(code), [profile]);
}

/**
 * Whether a staff account is the signed-in person: this account or one of their linked accounts (two-person rules
 * compare people, docs/security.md). Only hides what the server would refuse: it checks every decision itself.
 */
export function useIsOwnPerson(): (staffId: number | null | undefined) => boolean {
  const { profile } = useShellSession();
  return useCallback((staffId) => staffId === profile.staff_id || profile.linked_accounts.some((a) => a.id === staffId), [profile]);
}

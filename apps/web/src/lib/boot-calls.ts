import { firstLoadCalls, type authCalls, type CallData } from '@juqi/contract';
import { callApi } from './api-client';
import { loadSiteDetails } from './site-details';
import { getToken } from './token';

interface SessionCalls {
  profile?: Promise<CallData<typeof authCalls.info>>;
  menus?: Promise<CallData<typeof authCalls.menuList>>;
}

const started: SessionCalls = {};

/**
 * The session's first calls (profile, menus, site details), started as the page starts (main.tsx) when a token is
 * there, rather than once the shell's chunk has been read and rendered: on a reload they are answered while that chunk
 * loads, and the shell's first render already has what it judges (docs/architecture.md › Start-up). Quiet, as the
 * shell's first load is: the shell reports a failure. A page without a token starts nothing. Called once, by main.tsx.
 */
export function startSessionCalls(): void {
  if (!getToken()) return;
  started.profile = callApi<typeof authCalls.info>(firstLoadCalls.info, { quiet: true });
  started.menus = callApi<typeof authCalls.menuList>(firstLoadCalls.menuList, { quiet: true });
  // Taken later by the shell's queries, which handle a failure; until then a failure is no unhandled rejection.
  for (const call of Object.values(started)) call.catch(() => undefined);
  loadSiteDetails();
}

/**
 * A session call started at boot, handed over once: the shell's first query takes it, and every later fetch (focus,
 * a refresh after editing roles) asks the server again.
 */
export function takeSessionCall<K extends keyof SessionCalls>(name: K): SessionCalls[K] {
  const call = started[name];
  started[name] = undefined;
  return call;
}

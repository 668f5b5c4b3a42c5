import { firstLoadCalls, type settingsCalls, type SystemDetails } from '@juqi/contract';
import { useEffect } from 'react';
import { create } from 'zustand';
import { callApi } from './api-client';

interface SiteDetailsState {
  details: SystemDetails | null;
  loading: Promise<void> | null;
}

// A plain store rather than TanStack Query: the sign-in and 404 pages need the site name too, and they must not pull
// the query library into their small first load.
const useSiteDetailsStore = create<SiteDetailsState>()(() => ({ details: null, loading: null }));

/** Fetches the logo, website name and time zone again; the system settings screen calls this after saving them. */
export function reloadSiteDetails(): Promise<void> {
  const loading = callApi<typeof settingsCalls.systemDetails>(firstLoadCalls.systemDetails)
    .then((details) => useSiteDetailsStore.setState({ details }))
    // The client already showed the error toast; the pages fall back to no logo and no name.
    .catch(() => undefined)
    .finally(() => useSiteDetailsStore.setState({ loading: null }));
  useSiteDetailsStore.setState({ loading });
  return loading;
}

/** Logo, website name and time zone (GET /api/set/system_details), loaded once per page load. */
export function useSiteDetails(): SystemDetails | null {
  const details = useSiteDetailsStore((s) => s.details);
  useEffect(loadSiteDetails, []);
  return details;
}

/** Fetches the details unless they are in or on their way; the shell starts this at boot, beside the session's calls. */
export function loadSiteDetails(): void {
  const { details, loading } = useSiteDetailsStore.getState();
  if (!details && !loading) void reloadSiteDetails();
}

/**
 * The details once loaded, without asking for them: for what only reads them (the time zone, `lib/date-time.ts`) and
 * must not add a request to every screen that shows a time. The sign-in page and the shell load them at start.
 */
export function useLoadedSiteDetails(): SystemDetails | null {
  return useSiteDetailsStore((s) => s.details);
}

/** Page title: the route title, then the website name (§1). `null` leaves the title as it is (while a redirect settles). */
export function usePageTitle(title: string | null): void {
  const website = useSiteDetails()?.website;
  useEffect(() => {
    if (title !== null) document.title = website ? `${title} - ${website}` : title;
  }, [title, website]);
}

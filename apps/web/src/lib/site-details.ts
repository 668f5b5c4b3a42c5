import { settingsCalls, type SystemDetails } from '@juqi/contract';
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

/** Fetches the logo and website name again; the system settings screen calls this after saving them. */
export function reloadSiteDetails(): Promise<void> {
  const loading = callApi(settingsCalls.systemDetails)
    .then((details) => useSiteDetailsStore.setState({ details }))
    // The client already showed the error toast; the pages fall back to no logo and no name.
    .catch(() => undefined)
    .finally(() => useSiteDetailsStore.setState({ loading: null }));
  useSiteDetailsStore.setState({ loading });
  return loading;
}

/** Logo and website name (GET /api/set/system_details), loaded once per page load. */
export function useSiteDetails(): SystemDetails | null {
  const details = useSiteDetailsStore((s) => s.details);
  useEffect(() => {
    const { details: known, loading } = useSiteDetailsStore.getState();
    if (!known && !loading) void reloadSiteDetails();
  }, []);
  return details;
}

/** Page title: the route title, then the website name (§1). `null` leaves the title as it is (while a redirect settles). */
export function usePageTitle(title: string | null): void {
  const website = useSiteDetails()?.website;
  useEffect(() => {
    if (title !== null) document.title = website ? `${title} - ${website}` : title;
  }, [title, website]);
}

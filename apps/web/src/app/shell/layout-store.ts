import Cookies from 'js-cookie';
import { useEffect } from 'react';
import { create } from 'zustand';
import { MOBILE_BREAKPOINT, SIDEBAR_COOKIE } from '../../lib/constants';

interface LayoutState {
  /** Desktop sidebar open (cookie sidebarStatus: 1 open, 0 closed). */
  sidebarOpen: boolean;
  /** Narrower than the mobile breakpoint. */
  mobile: boolean;
  /** On mobile the sidebar is an overlay, closed until asked for. */
  overlayOpen: boolean;
  toggleSidebar: () => void;
  closeOverlay: () => void;
}

// Below 992 px is mobile: 991 px matches, 992 px does not (the fraction covers zoomed, sub-pixel widths).
const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

export const useLayout = create<LayoutState>()((set, get) => ({
  // Open unless the staff closed it.
  sidebarOpen: Cookies.get(SIDEBAR_COOKIE) !== '0',
  mobile: window.matchMedia(mobileQuery).matches,
  overlayOpen: false,
  toggleSidebar: () => {
    if (get().mobile) {
      set((s) => ({ overlayOpen: !s.overlayOpen }));
      return;
    }
    const sidebarOpen = !get().sidebarOpen;
    Cookies.set(SIDEBAR_COOKIE, sidebarOpen ? '1' : '0', { expires: 365, sameSite: 'lax' });
    set({ sidebarOpen });
  },
  closeOverlay: () => set({ overlayOpen: false }),
}));

/**
 * Follows the window across the breakpoint. Going mobile closes the sidebar (it becomes an overlay); the desktop
 * choice in the cookie is left as it was, so widening the window again restores it.
 */
export function useDeviceWatcher(): void {
  useEffect(() => {
    const query = window.matchMedia(mobileQuery);
    const update = () => useLayout.setState({ mobile: query.matches, overlayOpen: false });
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
}

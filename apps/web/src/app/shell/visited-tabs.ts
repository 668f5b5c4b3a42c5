import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { VISITED_TABS_STORAGE_KEY } from '../../lib/constants';

/**
 * A visited page: `key` is the path with its query, so the same route with other parameters is its own tab. A page
 * whose query is its own state (filters) has one tab keyed by its path, and `href` follows its latest query.
 */
export interface VisitedTab {
  key: string;
  path: string;
  href?: string;
}

/** Where selecting a tab goes. */
export const tabHref = (tab: VisitedTab): string => tab.href ?? tab.key;

interface VisitedTabs {
  tabs: VisitedTab[];
  open: (tab: VisitedTab) => void;
  close: (key: string) => void;
  closeOthers: (key: string) => void;
  closeAll: () => void;
  /** Drops tabs whose route is gone (menus changed, or another staff signed in in this browser tab). */
  keepOnly: (allowed: (tab: VisitedTab) => boolean) => void;
}

/**
 * The tab strip's pages, in opening order. The pinned dashboard is not stored: it is always first. Kept in
 * sessionStorage so the tabs survive a reload (F5) but not the browser tab.
 */
export const useVisitedTabs = create<VisitedTabs>()(
  persist(
    (set) => ({
      tabs: [],
      open: (tab) =>
        set((s) => {
          const known = s.tabs.find((t) => t.key === tab.key);
          if (!known) return { tabs: [...s.tabs, tab] };
          if (known.href === tab.href) return s;
          return { tabs: s.tabs.map((t) => (t === known ? tab : t)) };
        }),
      close: (key) => set((s) => ({ tabs: s.tabs.filter((t) => t.key !== key) })),
      closeOthers: (key) => set((s) => ({ tabs: s.tabs.filter((t) => t.key === key) })),
      closeAll: () => set({ tabs: [] }),
      keepOnly: (allowed) =>
        set((s) => {
          const tabs = s.tabs.filter(allowed);
          return tabs.length === s.tabs.length ? s : { tabs };
        }),
    }),
    {
      name: VISITED_TABS_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ tabs: s.tabs }),
    },
  ),
);

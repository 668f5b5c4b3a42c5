import type { ComponentType } from 'react';

/** A page a module offers for one menu path; `load` imports the module's pages barrel, so each module is one chunk. */
export interface WebPage {
  load: () => Promise<{ default: ComponentType }>;
  /** Not kept in the tab cache: remounted on every visit. */
  noCache?: boolean;
  /**
   * The query string is the page's own state (its filters, kept in the URL so a reload or a shared link keeps them):
   * the page has one tab, which follows its latest query, instead of a tab per query.
   */
  queryIsState?: boolean;
}

/**
 * A business module as the web shell sees it: the menu paths it has screens for. The shell adds a route for a path only
 * when the signed-in staff's menus permit it; a permitted path no module serves shows the placeholder page.
 */
export interface WebModule {
  name: string;
  pages: Record<string, WebPage>;
}

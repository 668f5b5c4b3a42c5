import { normalizePath } from '../../lib/menu-routes';
import { preloadable, type Preloadable } from '../../lib/preloadable';
import { webModules } from '../../modules';

interface RegisteredPage extends Preloadable {
  noCache: boolean;
  queryIsState: boolean;
}

// One component per menu path; each module's `load` imports its pages barrel, so a module is one chunk, fetched the
// first time one of its pages opens, or at start-up for the page the address names (`preloadPage`).
const pages = new Map<string, RegisteredPage>(
  webModules.flatMap((module) =>
    Object.entries(module.pages).map(([path, page]) => [
        path,
        { ...preloadable(page.load), noCache: Boolean(page.noCache), queryIsState: Boolean(page.queryIsState) },
      ] as const),
  ),
);

/** The page a module offers for a menu path, if any. */
export const pageFor = (path: string): RegisteredPage | undefined => pages.get(path);

/**
 * Starts fetching the chunk of the page at a path, if a module serves it: at start-up, while the session's calls are on
 * their way, rather than after the menus have permitted the path.
 */
export function preloadPage(path: string): void {
  // A chunk that fails to load shows in the page's tab when the page renders.
  pages.get(normalizePath(path))?.preload().catch(() => undefined);
}

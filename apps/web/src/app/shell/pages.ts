import { normalizePath } from '../../lib/menu-routes';
import { preloadable, type Preloadable } from '../../lib/preloadable';
import { createElement } from 'react';
import type { WebModule, WebPage } from '../../lib/web-module';
import { webModules } from '../../modules';
import { SectionTabs } from './section-tabs';

interface RegisteredPage extends Preloadable {
  noCache: boolean;
  queryIsState: boolean;
}

/** The modules' pages of each menu path, in module order. */
function pagesByPath(modules: readonly WebModule[]): Map<string, WebPage[]> {
  const byPath = new Map<string, WebPage[]>();
  for (const module of modules) for (const [path, page] of Object.entries(module.pages)) byPath.set(path, [...(byPath.get(path) ?? []), ...[page].flat()]);
  return byPath;
}

/**
 * One page for a path: the module's own, or, where several pages serve the path (of one module or several), their
 * sections as tabs (each must name its section). Loading it loads every section's chunk.
 */
export function screenOf(path: string, served: readonly WebPage[]): WebPage {
  if (served.length === 1) return served[0]!;
  if (served.some((page) => !page.section)) throw new Error(`${path} is served by ${served.length} pages; each must name its section`);
  const sections = [...served].sort((a, b) => a.section!.order - b.section!.order);
  return {
    load: async () => {
      const loaded = await Promise.all(sections.map((page) => page.load()));
      const parts = sections.map((page, index) => ({ ...page.section!, Component: loaded[index]!.default }));
      return { default: () => createElement(SectionTabs, { sections: parts }) };
    },
    noCache: sections.some((page) => page.noCache),
    queryIsState: sections.some((page) => page.queryIsState),
  };
}

// One component per menu path; each module's `load` imports its pages barrel, so a module is one chunk, fetched the
// first time one of its pages opens, or at start-up for the page the address names (`preloadPage`).
const pages = new Map<string, RegisteredPage>(
  [...pagesByPath(webModules)].map(([path, served]) => {
    const page = screenOf(path, served);
    return [path, { ...preloadable(page.load), noCache: Boolean(page.noCache), queryIsState: Boolean(page.queryIsState) }] as const;
  }),
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

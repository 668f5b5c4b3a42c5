import type { MenuNode } from '@juqi/contract';
import type { Language } from './preferences';
import { DASHBOARD_PATH, HOME_PATH } from './redirect';

/** Menus nest up to three levels (§2.1); anything deeper is ignored. */
const MAX_MENU_DEPTH = 3;

/** A route built from one permitted menu entry (or the built-in dashboard). */
export interface ShellRoute {
  path: string;
  title: string;
  icon: string;
  /** Not kept in the tab cache. */
  noCache: boolean;
  /** The pinned tab that can never be closed. */
  affix: boolean;
  /** The top-level menu entry this route sits under; null for the dashboard. */
  section: string | null;
  /** An entry with children has no page of its own: it opens its first child. */
  redirect: string | null;
}

export interface MenuModel {
  /** The permitted menus, sorted by `sort` at every level and cut at three levels, `name` in the UI's language. */
  tree: MenuNode[];
  routes: Map<string, ShellRoute>;
}

type Resolution =
  | { kind: 'page'; route: ShellRoute }
  | { kind: 'redirect'; to: string }
  | { kind: 'not-found' };

/** A menu's or catalogue entry's name in the UI's language: en-US shows the English name where the entry has one. */
export const nameInLanguage = (node: Pick<MenuNode, 'name' | 'name_en'>, language: Language): string =>
  language === 'en-US' && node.name_en ? node.name_en : node.name;

function sortMenus(nodes: MenuNode[], language: Language, depth = 1): MenuNode[] {
  return [...nodes]
    .sort((a, b) => a.sort - b.sort)
    .map((node) => ({
      ...node,
      name: nameInLanguage(node, language),
      children: depth < MAX_MENU_DEPTH ? sortMenus(node.children, language, depth + 1) : [],
    }));
}

export const visibleChildren = (node: MenuNode): MenuNode[] => node.children.filter((child) => !child.hidden);

/** Builds the routes from the menu list: one per permitted menu path, nothing else (§2.1). */
export function buildMenuModel(menus: MenuNode[], dashboardTitle: string, language: Language): MenuModel {
  const tree = sortMenus(menus, language);
  const routes = new Map<string, ShellRoute>();
  routes.set(DASHBOARD_PATH, {
    path: DASHBOARD_PATH,
    title: dashboardTitle,
    icon: 'DashboardOutlined',
    noCache: false,
    affix: true,
    section: null,
    redirect: null,
  });
  const add = (node: MenuNode, section: string) => {
    const path = normalizePath(node.path);
    if (!path.startsWith('/') || routes.has(path)) return;
    const first = visibleChildren(node)[0] ?? node.children[0];
    routes.set(path, {
      path,
      title: node.name,
      icon: node.icon,
      noCache: node.no_cache,
      affix: false,
      section,
      redirect: first ? normalizePath(first.path) : null,
    });
    node.children.forEach((child) => add(child, section));
  };
  tree.forEach((node) => add(node, normalizePath(node.path)));
  return { tree, routes };
}

/** `/a/b/` and `/a/b` are one route. */
export const normalizePath = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') || '/' : path);

/** What the shell shows for a path: its page, a redirect (`/` and entries with children), or /404. */
export function resolvePath(model: MenuModel, pathname: string): Resolution {
  const path = normalizePath(pathname);
  if (path === HOME_PATH) return { kind: 'redirect', to: DASHBOARD_PATH };
  let route = model.routes.get(path);
  // Follow entry → first child down to a page; the depth limit bounds the loop.
  for (let hops = 0; route?.redirect && hops < MAX_MENU_DEPTH; hops++) route = model.routes.get(route.redirect);
  if (!route || route.redirect) return { kind: 'not-found' };
  return route.path === pathname ? { kind: 'page', route } : { kind: 'redirect', to: route.path };
}

/**
 * The top-level section a path belongs to, found through the menu tree (not the first path segment: /man/employee sits
 * under /human).
 */
export function sectionOf(model: MenuModel, pathname: string): MenuNode | undefined {
  const section = model.routes.get(normalizePath(pathname))?.section;
  return section ? model.tree.find((node) => normalizePath(node.path) === section) : undefined;
}

import { Layout } from 'antd';
import { Suspense, use, useEffect, useMemo, useState } from 'react';
import { UNSAFE_NavigationContext, useLocation, useNavigate, type Path } from 'react-router';
import { useMessages } from '../../lib/i18n';
import { DASHBOARD_PATH, NOT_FOUND_PATH } from '../../lib/redirect';
import { usePageTitle } from '../../lib/site-details';
import { useDeviceWatcher, useLayout } from './layout-store';
import { resolvePath, sectionOf, visibleChildren } from '../../lib/menu-routes';
import { shellMessages } from './messages';
import { PagePanes } from './page-panes';
import { useShellSession } from '../../lib/shell-session';
import { pageFor } from './pages';
import { Sidebar } from './sidebar';
import { shellSlots } from './slots';
import { TabStrip, type TabActions } from './tab-strip';
import { NotFoundPane } from './not-found-pane';
import { TopBar } from './top-bar';
import { tabHref, useVisitedTabs, type VisitedTab } from './visited-tabs';

const DASHBOARD_TAB: VisitedTab = { key: DASHBOARD_PATH, path: DASHBOARD_PATH };

/** Top bar, sidebar, tab strip and the cached pages, for the route the URL names. */
export function ShellLayout() {
  useDeviceWatcher();
  const t = useMessages(shellMessages);
  const { menus } = useShellSession();
  const location = useLocation();
  const navigate = useNavigate();
  const stored = useVisitedTabs();
  const mobile = useLayout((s) => s.mobile);
  const [refreshes, setRefreshes] = useState<Record<string, number>>({});

  const resolution = resolvePath(menus, location.pathname);
  const route = resolution.kind === 'page' ? resolution.route : null;
  // The pinned dashboard is one tab whatever its query, and so is a page whose query is its own state (its tab follows
  // the query); any other page is a tab per path + query.
  const queryIsState = route !== null && !route.affix && Boolean(pageFor(route.path)?.queryIsState);
  const activeKey = route ? (route.affix || queryIsState ? route.path : location.pathname + location.search) : null;
  const activeHref = queryIsState ? location.pathname + location.search : undefined;
  const section = sectionOf(menus, location.pathname);
  // A section with a single child needs no sidebar (§2.3).
  const hasSidebar = section ? visibleChildren(section).length > 1 : false;

  usePageTitle(route ? route.title || t.noName : null);

  const { open, keepOnly } = stored;
  useEffect(() => {
    if (route && activeKey && !route.affix) open({ key: activeKey, path: route.path, href: activeHref });
  }, [route, activeKey, activeHref, open]);
  // Menus changed (a role edited): tabs of pages no longer permitted go.
  useEffect(() => keepOnly((tab) => menus.routes.has(tab.path)), [menus, keepOnly]);

  const tabs = useMemo(() => {
    const list = [DASHBOARD_TAB, ...stored.tabs.filter((tab) => menus.routes.has(tab.path))];
    if (!route || !activeKey || route.affix) return list;
    // The tab just opened, or the query its page just moved to, is shown at once, before the store has taken it.
    const current: VisitedTab = { key: activeKey, path: route.path, href: activeHref };
    const at = list.findIndex((tab) => tab.key === activeKey);
    if (at < 0) list.push(current);
    else list[at] = current;
    return list;
  }, [stored.tabs, menus, route, activeKey, activeHref]);

  const goTo = (key: string) => {
    const target = tabs.find((tab) => tab.key === key);
    navigate(target ? tabHref(target) : key);
  };
  const actions: TabActions = {
    select: goTo,
    refresh: (key) => {
      setRefreshes((r) => ({ ...r, [key]: (r[key] ?? 0) + 1 }));
      if (key !== activeKey) goTo(key);
    },
    close: (key) => {
      if (key === DASHBOARD_TAB.key) return;
      const rest = tabs.filter((tab) => tab.key !== key);
      stored.close(key);
      if (key === activeKey) navigate(tabHref(rest[rest.length - 1]!));
    },
    closeOthers: (key) => {
      stored.closeOthers(key);
      if (key !== activeKey) goTo(key);
    },
    closeAll: () => {
      stored.closeAll();
      if (activeKey !== DASHBOARD_TAB.key) navigate(DASHBOARD_PATH);
    },
  };

  const here = location.pathname + location.search;
  const notFound = resolution.kind === 'not-found';

  return (
    <Layout className={`shell${mobile ? ' shell--mobile' : ''}`} data-device={mobile ? 'mobile' : 'desktop'}>
      <TopBar hasSidebar={hasSidebar} section={section} />
      <Layout hasSider={hasSidebar}>
        {hasSidebar && section && <Sidebar key={section.path} section={section} activePath={route?.path ?? location.pathname} />}
        <Layout.Content className="shell-main">
          <TabStrip tabs={tabs} activeKey={activeKey} actions={actions} />
          <PagePanes tabs={tabs} activeKey={activeKey} activeLocation={location} refreshes={refreshes}>
            {/* An address naming no permitted page shows /404 inside the layout: the menus stay at hand. */}
            {notFound && <NotFoundPane />}
          </PagePanes>
          {resolution.kind === 'redirect' && <Redirect from={here} to={resolution.to + location.search} />}
          {notFound && location.pathname !== NOT_FOUND_PATH && <Redirect from={here} to={NOT_FOUND_PATH} />}
        </Layout.Content>
      </Layout>
      {shellSlots.shellParts.map(({ key, Part }) => (
        <Suspense key={key} fallback={null}>
          <Part />
        </Suspense>
      ))}
    </Layout>
  );
}

/**
 * Replaces the address `from` with `to`, unless the router has moved on since: a redirect runs after the render that
 * asked for it is committed, and a click made the moment that render shows (a sidebar item chosen as a section opens)
 * has already gone elsewhere. The last navigation wins, however the two fall.
 */
function Redirect({ from, to }: { from: string; to: string }) {
  const navigate = useNavigate();
  // The router's history knows the last navigation at once; the location rendered follows it a render later.
  const history = use(UNSAFE_NavigationContext).navigator as unknown as { location: Path };
  useEffect(() => {
    const { pathname, search } = history.location;
    if (pathname + search === from) navigate(to, { replace: true });
  }, [history, navigate, from, to]);
  return null;
}

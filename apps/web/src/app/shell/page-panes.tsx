import { Button, Result, Spin } from 'antd';
import { Component, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Route, Routes, type Location } from 'react-router';
import { useMessages } from '../../lib/i18n';
import { reloadPage } from '../../lib/page-load';
import { DASHBOARD_PATH } from '../../lib/redirect';
import { PlaceholderPage } from '../placeholder-page';
import { DashboardPage } from './dashboard-page';
import type { ShellRoute } from '../../lib/menu-routes';
import { shellMessages } from './messages';
import { pageFor } from './pages';
import { useShellSession } from '../../lib/shell-session';
import { tabHref, type VisitedTab } from './visited-tabs';

interface PagePanesProps {
  tabs: VisitedTab[];
  activeKey: string | null;
  activeLocation: Location;
  /** Per tab, how many times Refresh was chosen: a new count remounts the page. */
  refreshes: Record<string, number>;
  /** Shown in a pane of its own, where no tab is active: the not-found page, for an address naming no permitted page. */
  children?: ReactNode;
}

/**
 * Keep-alive: every visited tab's page stays mounted, hidden while another tab is active, so its state, form input and
 * scroll position survive a tab switch. A page is first mounted when its tab is first shown (tabs restored after a
 * reload cost nothing until opened), and unmounted when its tab closes. Pages marked noCache are mounted only while
 * active. Each page renders under its own tab's location, so `useLocation` / `useSearchParams` in a hidden page keep
 * answering for that page, not for the active one.
 */
export function PagePanes({ tabs, activeKey, activeLocation, refreshes, children }: PagePanesProps) {
  const { menus } = useShellSession();
  // Tabs shown at least once. A closed tab's page unmounts because the tab leaves `tabs`; if it is opened again it is
  // active, hence shown, and mounts afresh.
  const [shown, setShown] = useState<string[]>([]);
  if (activeKey && !shown.includes(activeKey)) setShown([...shown, activeKey]);

  return (
    <div className="shell-panes">
      {tabs.map((tab) => {
        const route = menus.routes.get(tab.path);
        const active = tab.key === activeKey;
        if (!route || !(active || shown.includes(tab.key))) return null;
        if (!active && (route.noCache || pageFor(route.path)?.noCache)) return null;
        return (
          <Pane key={`${tab.key}#${refreshes[tab.key] ?? 0}`} active={active} path={route.path}>
            <Routes location={active ? activeLocation : tabHref(tab)}>
              <Route path="*" element={<RoutePage route={route} />} />
            </Routes>
          </Pane>
        );
      })}
      {children && <div className="shell-pane">{children}</div>}
    </div>
  );
}

function RoutePage({ route }: { route: ShellRoute }) {
  if (route.path === DASHBOARD_PATH) return <DashboardPage />;
  const page = pageFor(route.path);
  return page ? <page.Component fallback={<Spin className="shell-pane__loading" />} /> : <PlaceholderPage />;
}

/** A tab's page; `data-path` names its menu entry, which two entries' shared name (套餐设置) cannot. */
function Pane({ active, path, children }: { active: boolean; path: string; children: ReactNode }) {
  const element = useRef<HTMLDivElement>(null);
  const scrollTop = useRef(0);
  // A hidden (display: none) element loses its scroll offset; put it back when the tab shows again.
  useLayoutEffect(() => {
    if (active && element.current) element.current.scrollTop = scrollTop.current;
  }, [active]);
  return (
    <div
      ref={element}
      className="shell-pane"
      data-path={path}
      hidden={!active}
      onScroll={(event) => {
        if (active) scrollTop.current = event.currentTarget.scrollTop;
      }}
    >
      <PageErrorBoundary>{children}</PageErrorBoundary>
    </div>
  );
}

/** A page that throws (or whose chunk fails to load after a deploy) breaks its own tab, not the shell. */
class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <PageFailed /> : this.props.children;
  }
}

function PageFailed() {
  const t = useMessages(shellMessages);
  return (
    <Result
      status="error"
      title={t.pageFailed}
      extra={
        <Button type="primary" onClick={reloadPage}>
          {t.retry}
        </Button>
      }
    />
  );
}

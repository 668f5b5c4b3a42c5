import type { Profile } from '@juqi/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import type { ShellRoute } from '../lib/menu-routes';
import { ShellContext } from '../lib/shell-session';
import { profileOf } from './fake-api';

// antd screens render slowly in jsdom, more so on a busy machine: give findBy/waitFor room.

/** A staff member (not the super-admin) holding exactly these operation codes. */
export const staffWith = (...operations: string[]): Profile => ({ ...profileOf(), staff_id: 2, is_super_admin: false, operations });

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location" hidden>{pathname + search}</output>;
}

/** The path and query the page is at now. */
export const currentUrl = (): string => screen.getByTestId('location').textContent ?? '';

interface ShellOptions {
  profile?: Profile;
  path?: string;
  /** Menu paths the staff may open (links to other pages show only for these). */
  routes?: string[];
}

/**
 * Renders inside what the shell gives a page: the router at `path`, the query cache, antd's App context and the
 * signed-in staff. `currentUrl()` reads where the page has navigated to.
 */
export function renderInShell(ui: ReactElement, { profile = profileOf(), path = '/dashboard', routes = [] }: ShellOptions = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const routeMap = new Map(routes.map((p) => [p, { path: p, title: p, icon: '', affix: false, noCache: false, section: null, redirect: null } satisfies ShellRoute]));
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client}>
        <AntApp>
          <ShellContext value={{ profile, menus: { tree: [], routes: routeMap } }}>{ui}</ShellContext>
        </AntApp>
      </QueryClientProvider>
      <LocationProbe />
    </MemoryRouter>,
  );
  return { ...result, client };
}

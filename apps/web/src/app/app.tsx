import { BrowserRouter, Route, Routes } from 'react-router';
import { preloadable } from '../lib/preloadable';
import { LOGIN_PATH } from '../lib/redirect';
// The sign-in page is the first load's one module (its public face): see docs/architecture.md › Module boundaries.
import { SignInPage } from '../modules/auth';
import { FullPageLoading } from './full-page-loading';
import { PublicOnly, RequireToken } from './route-guard';
import './app.css';

// The shell (antd, TanStack Query, the layout, every module) is one lazy chunk: the sign-in page loads none of it.
const { Component: Shell } = preloadable(() => import('./shell/shell'));

/**
 * The routes decided before anything is fetched: sign-in, and the token check in front of the shell, which shows /404
 * on its own to a visitor without a token. For a signed-in staff member /404 is the shell's, on its one route, so being
 * sent there keeps the shell and its tabs' pages mounted.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path={LOGIN_PATH}
        element={
          <PublicOnly>
            <SignInPage />
          </PublicOnly>
        }
      />
      <Route
        path="*"
        element={
          <RequireToken>
            <Shell fallback={<FullPageLoading />} />
          </RequireToken>
        }
      />
    </Routes>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

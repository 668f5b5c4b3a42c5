import { BrowserRouter, Route, Routes } from 'react-router';
import { preloadable } from '../lib/preloadable';
import { LOGIN_PATH, NOT_FOUND_PATH } from '../lib/redirect';
// The sign-in page is the first load's one module (its public face): see docs/architecture.md › Module boundaries.
import { SignInPage } from '../modules/auth';
import { FullPageLoading } from './full-page-loading';
import { NotFoundPage } from './not-found-page';
import { PublicOnly, RequireToken } from './route-guard';
import './app.css';

// The shell (antd, TanStack Query, the layout, every module) is one lazy chunk: the sign-in page loads none of it.
const { Component: Shell } = preloadable(() => import('./shell/shell'));

/** The routes decided before anything is fetched: the public pages, and the token check in front of the shell. */
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
      <Route path={NOT_FOUND_PATH} element={<NotFoundPage />} />
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

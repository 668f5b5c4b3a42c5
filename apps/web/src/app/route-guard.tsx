import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { HOME_PATH, loginPath, NOT_FOUND_PATH } from '../lib/redirect';
import { getToken } from '../lib/token';
import { NotFoundPage } from './not-found-page';

/**
 * Every route but the public ones needs a token; without one, sign in first and come back here (path and query).
 * /404 is public: without a token it is a page of its own; with one it is the shell's, inside its layout.
 */
export function RequireToken({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  if (getToken()) return children;
  return pathname === NOT_FOUND_PATH ? <NotFoundPage /> : <Navigate to={loginPath(pathname + search)} replace />;
}

/** A signed-in staff member who opens the sign-in page goes home instead. */
export function PublicOnly({ children }: { children: ReactNode }) {
  if (getToken()) return <Navigate to={HOME_PATH} replace />;
  return children;
}

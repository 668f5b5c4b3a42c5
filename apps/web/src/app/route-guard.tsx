import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { HOME_PATH, loginPath } from '../lib/redirect';
import { getToken } from '../lib/token';

/** Every route but the public ones needs a token; without one, sign in first and come back here (path and query). */
export function RequireToken({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  if (!getToken()) return <Navigate to={loginPath(pathname + search)} replace />;
  return children;
}

/** A signed-in staff member who opens the sign-in page goes home instead. */
export function PublicOnly({ children }: { children: ReactNode }) {
  if (getToken()) return <Navigate to={HOME_PATH} replace />;
  return children;
}

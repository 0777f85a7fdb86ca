import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Forbidden } from '@/app/routes/Forbidden';
import { can, hasRole, overviewPath } from '@/lib/authorization';
import { isLoggedIn, useAuthStore } from '@/stores/auth';
import { useContextStore } from '@/stores/context';

/** Sends a visitor without a stored token and profile to /login, remembering where they were going. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const loggedIn = useAuthStore(isLoggedIn);
  const location = useLocation();
  if (!loggedIn) {
    const redirect = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  return children ?? <Outlet />;
}

/** A logged-in user opening login or forgot-password goes to the overview. */
export function RedirectIfAuthenticated({ children }: { children?: ReactNode }) {
  const loggedIn = useAuthStore(isLoggedIn);
  const profile = useAuthStore((state) => state.profile);
  const organizationId = useContextStore((state) => state.organizationId);
  if (loggedIn) return <Navigate to={overviewPath(profile, organizationId)} replace />;
  return children ?? <Outlet />;
}

/** `/` is home (web-033): the overview when logged in, else the login screen. */
export function GoHome() {
  const loggedIn = useAuthStore(isLoggedIn);
  const profile = useAuthStore((state) => state.profile);
  const organizationId = useContextStore((state) => state.organizationId);
  return <Navigate to={loggedIn ? overviewPath(profile, organizationId) : '/login'} replace />;
}

/** Without the role: to redirectTo when given, else the screen says why it is closed (never a silent bounce). */
export function RequireRole({ role, redirectTo, children }: { role: string; redirectTo?: string; children?: ReactNode }) {
  const profile = useAuthStore((state) => state.profile);
  if (!hasRole(profile, role)) return redirectTo ? <Navigate to={redirectTo} replace /> : <Forbidden need={{ role }} />;
  return children ?? <Outlet />;
}

/** Without the ability: to redirectTo when given, else the screen says which permission is missing. */
export function RequirePermission({
  ability,
  redirectTo,
  children,
}: {
  ability: string;
  redirectTo?: string;
  children?: ReactNode;
}) {
  const profile = useAuthStore((state) => state.profile);
  if (!can(profile, ability)) return redirectTo ? <Navigate to={redirectTo} replace /> : <Forbidden need={{ ability }} />;
  return children ?? <Outlet />;
}

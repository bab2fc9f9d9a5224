import { createContext, type ReactNode, useContext, useEffect } from 'react';
import type { OperationOutput } from '../api/api-client.js';
import { platformApi } from '../api/platform-api.js';
import { useApi } from '../api/use-api.js';
import { ErrorMessage, Loading } from '../components/status.js';
import { navigate, useLocation } from '../routing/router.js';
import { paths } from '../routing/routes.js';

export type CurrentUser = OperationOutput<'getCurrentUser'>;

const SessionContext = createContext<CurrentUser | null>(null);

/** The signed-in user (inside RequireSession only). */
export function useCurrentUser(): CurrentUser {
  const user = useContext(SessionContext);
  if (!user) throw new Error('useCurrentUser outside RequireSession');
  return user;
}

/** Renders its page for a signed-in caller; without a session, goes to /login?next=<this page>. */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  const user = useApi((signal) => platformApi.getCurrentUser(signal), 'me');
  const isSignedOut = user.state === 'error' && user.error.status === 401;
  useEffect(() => {
    if (isSignedOut) navigate(paths.login(`${location.pathname}${location.search}`), { replace: true });
  }, [isSignedOut, location.pathname, location.search]);
  if (user.state === 'loading' || isSignedOut) return <Loading label="Checking your session" />;
  if (user.state === 'error') return <ErrorMessage error={user.error} />;
  return <SessionContext.Provider value={user.value}>{children}</SessionContext.Provider>;
}

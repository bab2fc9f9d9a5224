import { createContext, type ReactNode, useContext, useEffect } from 'react';
import type { OperationOutput } from '../api/api-client.js';
import { platformApi } from '../api/platform-api.js';
import { useApi } from '../api/use-api.js';
import { ErrorMessage, Loading } from '../components/status.js';
import { navigate, useLocation } from '../routing/router.js';
import { paths } from '../routing/routes.js';
import { applyAppTheme } from './app-theme.js';

export type CurrentUser = OperationOutput<'getCurrentUser'>;
export type AppConfig = OperationOutput<'getAppConfig'>;

const SessionContext = createContext<CurrentUser | null>(null);
const AppConfigContext = createContext<AppConfig | null>(null);

/** The signed-in user (inside RequireSession only). */
export function useCurrentUser(): CurrentUser {
  const user = useContext(SessionContext);
  if (!user) throw new Error('useCurrentUser outside RequireSession');
  return user;
}

/**
 * The account's app configuration (inside RequireSession only): null until it has loaded, or when it
 * could not be read, in which case pages behave as with every default.
 */
export function useAppConfig(): AppConfig | null {
  return useContext(AppConfigContext);
}

/**
 * Renders its page for a signed-in caller; without a session, goes to /login?next=<this page>. Loads the
 * app configuration beside the session check and, when it says so, themes every page with the tenant's
 * theme.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  const user = useApi((signal) => platformApi.getCurrentUser(signal), 'me');
  const appConfig = useApi((signal) => platformApi.getAppConfig(signal), 'app-config');
  const config = appConfig.state === 'ready' ? appConfig.value : null;
  const isSignedOut = user.state === 'error' && user.error.status === 401;
  useEffect(() => {
    if (isSignedOut) navigate(paths.login(`${location.pathname}${location.search}`), { replace: true });
  }, [isSignedOut, location.pathname, location.search]);
  useEffect(() => {
    if (!config?.applyThemeGlobally) return undefined;
    return applyAppTheme(document.documentElement, config.appTheme);
  }, [config]);
  if (user.state === 'loading' || isSignedOut) return <Loading label="Checking your session" />;
  if (user.state === 'error') return <ErrorMessage error={user.error} />;
  return (
    <SessionContext.Provider value={user.value}>
      <AppConfigContext.Provider value={config}>{children}</AppConfigContext.Provider>
    </SessionContext.Provider>
  );
}

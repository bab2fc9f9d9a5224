import { type FormEvent, useState } from 'react';
import { ApiError } from '../api/api-client.js';
import { platformApi } from '../api/platform-api.js';
import { useApi } from '../api/use-api.js';
import { navigate, useLocation } from '../routing/router.js';
import { sameOriginPath } from '../routing/routes.js';

/** Where the SSO button sends the browser: the server's start address, with where to come back to. */
function ssoHref(startUrl: string, next: string): string {
  const url = new URL(startUrl, window.location.origin);
  url.searchParams.set('next', next);
  return `${url.pathname}${url.search}`;
}

/**
 * Sign in with an API key (POST /auth/login sets the session cookie), or with the account's SSO when it is
 * on; then on to `next` (this site only). `?account=<name>` picks the account whose SSO is offered.
 */
export function LoginPage() {
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  const next = sameOriginPath(query.get('next'), window.location.origin);
  const account = query.get('account');
  const signInOptions = useApi((signal) => platformApi.getSignInOptions(account, signal), account ?? '');
  const sso = signInOptions.state === 'ready' ? signInOptions.value.sso : null;
  const [apiKey, setApiKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      await platformApi.signIn(apiKey.trim());
      navigate(next, { replace: true });
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status === 401
          ? 'That API key was not accepted. Check it and try again.'
          : `Could not sign in: ${caught instanceof Error ? caught.message : String(caught)}`,
      );
      setSubmitting(false);
    }
  };
  return (
    <main className="login">
      <h1>Sign in</h1>
      {sso?.enabled && sso.startUrl ? (
        <p className="card">
          <a className="button" href={ssoHref(sso.startUrl, next)}>
            Sign in with SSO
          </a>
        </p>
      ) : null}
      <form onSubmit={submit} className="card">
        <label htmlFor="api-key">API key</label>
        <input
          id="api-key"
          name="apiKey"
          type="password"
          autoComplete="current-password"
          required
          value={apiKey}
          onChange={(event) => setApiKey(event.target.value)}
          aria-describedby={error ? 'login-error' : undefined}
        />
        <button type="submit" disabled={isSubmitting || apiKey.trim() === ''}>
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </button>
        {error ? (
          <p id="login-error" className="error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </main>
  );
}

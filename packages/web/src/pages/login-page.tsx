import { type FormEvent, useState } from 'react';
import { ApiError } from '../api/api-client.js';
import { platformApi } from '../api/platform-api.js';
import { navigate, useLocation } from '../routing/router.js';
import { sameOriginPath } from '../routing/routes.js';

/** Sign in with an API key: POST /auth/login sets the session cookie, then on to `next` (this site only). */
export function LoginPage() {
  const location = useLocation();
  const next = sameOriginPath(new URLSearchParams(location.search).get('next'), window.location.origin);
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

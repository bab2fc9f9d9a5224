import { type FormEvent, useState } from 'react';
import type { OperationOutput } from '../api/api-client.js';
import { ApiError } from '../api/api-client.js';
import { platformApi } from '../api/platform-api.js';
import { useLocation } from '../routing/router.js';
import { useCurrentUser } from '../session/session.js';

type Decision = OperationOutput<'decideDeviceAuthorization'>;

/**
 * Where `platform login` sends the person: they check the code their terminal shows (the address may
 * carry it as `?user_code=`), then approve the sign-in, which lets that terminal act as them, or deny it.
 */
export function DevicePage() {
  const location = useLocation();
  const user = useCurrentUser();
  const [userCode, setUserCode] = useState(new URLSearchParams(location.search).get('user_code') ?? '');
  const [decision, setDecision] = useState<Decision | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const decide = async (answer: 'approve' | 'deny') => {
    setSubmitting(true);
    setError(null);
    try {
      setDecision(
        await platformApi.decideDeviceAuthorization({ userCode: userCode.trim(), decision: answer }),
      );
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status === 404
          ? 'No sign-in waits for this code: check it, or run platform login again (codes last 15 minutes).'
          : `Could not answer: ${caught instanceof Error ? caught.message : String(caught)}`,
      );
    } finally {
      setSubmitting(false);
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void decide('approve');
  };
  if (decision) {
    return (
      <main className="device">
        <h1>{decision.status === 'approved' ? 'Sign-in approved' : 'Sign-in denied'}</h1>
        <p className="card" role="status">
          {decision.status === 'approved'
            ? `The terminal showing ${decision.userCode} is now signed in as ${user.email}. You can close this page.`
            : `The terminal showing ${decision.userCode} was not signed in.`}
        </p>
      </main>
    );
  }
  return (
    <main className="device">
      <h1>Sign in a terminal</h1>
      <form onSubmit={submit} className="card">
        <p className="muted">
          A terminal asks to act as <strong>{user.email}</strong>. Approve only if you started{' '}
          <code>platform login</code> yourself and it shows this code.
        </p>
        <label htmlFor="user-code">Code</label>
        <input
          id="user-code"
          name="userCode"
          autoComplete="off"
          autoCapitalize="characters"
          required
          value={userCode}
          onChange={(event) => setUserCode(event.target.value)}
          aria-describedby={error ? 'device-error' : undefined}
        />
        <div className="actions">
          <button type="submit" disabled={isSubmitting || userCode.trim() === ''}>
            Approve
          </button>
          <button
            type="button"
            className="secondary"
            disabled={isSubmitting || userCode.trim() === ''}
            onClick={() => void decide('deny')}
          >
            Deny
          </button>
        </div>
        {error ? (
          <p id="device-error" className="error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </main>
  );
}

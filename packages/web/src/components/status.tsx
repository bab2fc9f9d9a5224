import type { ApiError } from '../api/api-client.js';

export function Loading({ label }: { label: string }) {
  return (
    <p className="status" role="status" aria-live="polite">
      {label}…
    </p>
  );
}

/** The API's message with its request id, so a user can quote it. */
export function ErrorMessage({ error, title }: { error: ApiError; title?: string }) {
  return (
    <div className="error" role="alert">
      <p>
        <strong>{title ?? 'Something went wrong'}:</strong> {error.message}
      </p>
      {error.requestId ? <p className="muted">Request id {error.requestId}</p> : null}
    </div>
  );
}

import { GitRemoteError } from './git-store-errors.js';
import { codeOf } from './repository-context.js';

export interface ParsedRemote {
  kind: 'http' | 'file';
  /** Without user name or password. */
  url: string;
  displayUrl: string;
  username: string | undefined;
  token: string | undefined;
  /** Strings to blank out of any message that leaves the store. */
  secrets: string[];
}

const unreachableCodes = [
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
];

export function redact(text: string, secrets: string[]): string {
  let redacted = text.replace(/\/\/[^/@\s]*:[^/@\s]*@/g, '//***@');
  for (const secret of secrets) redacted = redacted.split(secret).join('***');
  return redacted;
}

/** Classifies what went wrong talking to a remote, in a message safe to show and to log. */
export function describeRemoteFailure(error: unknown, remote: ParsedRemote, action: string): GitRemoteError {
  if (error instanceof GitRemoteError) return error;
  const where = `${action} ${remote.displayUrl}`;
  const detail = redact(error instanceof Error ? error.message : String(error), remote.secrets);
  const code = codeOf(error);
  const statusCode = statusCodeOf(error);
  if (code === 'UserCanceledError' || statusCode === 401 || statusCode === 403) {
    return new GitRemoteError('authentication', `Could not ${where}: the remote refused the credentials`);
  }
  if (statusCode === 404)
    return new GitRemoteError('not-found', `Could not ${where}: no git repository there`);
  if (
    code === 'PushRejectedError' ||
    code === 'GitPushError' ||
    /\[rejected\]|non-fast-forward|fetch first/.test(detail)
  ) {
    return new GitRemoteError(
      'rejected',
      `Could not ${where}: the remote branch has commits this one lacks; pull first`,
    );
  }
  if (code === 'NotFoundError' || /couldn't find remote ref/i.test(detail)) {
    return new GitRemoteError('not-found', `Could not ${where}: the branch does not exist there`);
  }
  if (/does not appear to be a git repository|not a git repository|No such file or directory/i.test(detail)) {
    return new GitRemoteError('not-found', `Could not ${where}: no git repository there`);
  }
  if (unreachableCodes.includes(code) || unreachableCodes.includes(codeOf(causeOf(error)))) {
    return new GitRemoteError(
      'unreachable',
      `Could not ${where}: the remote is unreachable (${code || detail})`,
    );
  }
  return new GitRemoteError('failed', `Could not ${where}: ${detail}`);
}

function statusCodeOf(error: unknown): number | null {
  if (codeOf(error) !== 'HttpError' || typeof error !== 'object' || error === null || !('data' in error))
    return null;
  const data = error.data;
  if (typeof data !== 'object' || data === null || !('statusCode' in data)) return null;
  return typeof data.statusCode === 'number' ? data.statusCode : null;
}

function causeOf(error: unknown): unknown {
  return error instanceof Error ? error.cause : undefined;
}

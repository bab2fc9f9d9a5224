/** The error codes of the OAuth token endpoints the CLI reads (RFC 6749 §5.2, RFC 8628 §3.5). */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'authorization_pending'
  | 'slow_down'
  | 'access_denied'
  | 'expired_token';

/**
 * An OAuth endpoint's refusal: answered as `{error, error_description}` (400, or 401 for invalid_client),
 * the body OAuth clients read, instead of the management API's error body.
 */
export class OAuthProtocolError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthProtocolError';
  }

  get status(): 400 | 401 {
    return this.error === 'invalid_client' ? 401 : 400;
  }
}

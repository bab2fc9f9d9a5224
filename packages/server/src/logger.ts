import pino, { type DestinationStream, type Logger } from 'pino';
import { redactUrlCredentials } from './platform/crypto/url-credentials.js';

/** Everything that can carry a credential or a secret is redacted before a line is written. */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers["x-platform-auth-token"]',
  'req.headers.cookie',
  'headers.authorization',
  '*.token',
  '*.apiKey',
  // Settings objects nest their keys one level deeper (config.llm.apiKey, agent.model.apiKey).
  '*.*.apiKey',
  '*.*.secret',
  '*.password',
  '*.secret',
  '*.secretKey',
  '*.value',
  'token',
  'apiKey',
  'password',
  'secret',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: redactedPaths, censor: '[REDACTED]' },
    // why: a URL's credentials hide in any string (a message, an error's message or stack, a field no
    // path names); the finished line is scrubbed, so nothing logged anywhere can carry them.
    hooks: { streamWrite: redactUrlCredentials },
  };
  return destination ? pino(options, destination) : pino(options);
}

import pino, { type DestinationStream, type Logger } from 'pino';

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
  const options = { level, redact: { paths: redactedPaths, censor: '[REDACTED]' } };
  return destination ? pino(options, destination) : pino(options);
}

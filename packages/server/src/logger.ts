import pino, { type DestinationStream, type Logger } from 'pino';
import { redactUrlCredentials } from './platform/crypto/url-credentials.js';
import { redactionCensor, redactSecretFields } from './redact-secret-fields.js';

/**
 * Header paths redacted by pino itself (exact paths cost nothing on a line without them). Secret fields
 * at any key (`*.token`, `*.*.apiKey`, ...) are redacted by `redactSecretFields`, which copies only what it
 * changes: pino's wildcard paths cloned every logged object, about 5% of the CPU of a request.
 */
const redactedPaths = [
  'req.headers.authorization',
  'req.headers["x-platform-auth-token"]',
  'req.headers.cookie',
  'headers.authorization',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: redactedPaths, censor: redactionCensor },
    formatters: { log: redactSecretFields },
    // why: a URL's credentials hide in any string (a message, an error's message or stack, a field no
    // path names); the finished line is scrubbed, so nothing logged anywhere can carry them.
    hooks: { streamWrite: redactUrlCredentials },
  };
  const logger = destination ? pino(options, destination) : pino(options);
  // Pino applies no log formatter to a child's bindings: they are redacted as the child is made. Children
  // are made from their parent's prototype, so every descendant goes through this `child` too.
  const makeChild = logger.child;
  logger.child = function child(this: Logger, bindings, childOptions) {
    return makeChild.call(this, redactSecretFields(bindings), childOptions);
  } as Logger['child'];
  return logger;
}

/** The command line itself is wrong (a missing option, a malformed NAME=VALUE): exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The command could not run for a reason other than the API's answer (not logged in, bad config): exit code 1. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

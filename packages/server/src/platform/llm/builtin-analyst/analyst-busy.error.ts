/** Thrown when a new answer finds the analyst's threads and queue full; its message is the user's. */
export class AnalystBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`The built-in analyst is busy; retry in ${retryAfterSeconds} s`);
    this.name = 'AnalystBusyError';
  }
}

/** The command that calls one API operation, with a complete example of it. */
export interface OperationCommand {
  /** The command as typed after `platform`. */
  command: string;
  /** A complete invocation that calls the operation; the coverage test runs each one. */
  example: readonly string[];
}

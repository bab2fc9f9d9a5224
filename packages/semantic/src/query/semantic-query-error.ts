/**
 * Why a query cannot be answered. `invalid`: the query is wrong (unknown member, bad operator, members
 * that cannot be joined, unsupported SQL) and the caller must change it. `forbidden`: an access policy
 * denies the caller what the query asks for.
 */
export type SemanticQueryErrorKind = 'invalid' | 'forbidden';

export class SemanticQueryError extends Error {
  readonly kind: SemanticQueryErrorKind;

  constructor(message: string, kind: SemanticQueryErrorKind = 'invalid') {
    super(message);
    this.name = 'SemanticQueryError';
    this.kind = kind;
  }
}

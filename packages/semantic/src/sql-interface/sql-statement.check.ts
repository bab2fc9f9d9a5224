import type { RawStmt, SelectStmt } from 'libpg-query';
import { SemanticQueryError } from '../query/semantic-query-error.js';
import type { SqlSourceText } from './sql-source-text.js';

const lockingClauses: Readonly<Record<string, string>> = {
  LCS_FORKEYSHARE: 'FOR KEY SHARE',
  LCS_FORSHARE: 'FOR SHARE',
  LCS_FORNOKEYUPDATE: 'FOR NO KEY UPDATE',
  LCS_FORUPDATE: 'FOR UPDATE',
};

/** The one statement, which must be a SELECT; anything else is named with where it starts. */
export function selectStatementOf(statements: readonly RawStmt[], text: SqlSourceText): SelectStmt {
  const [first, second] = statements;
  if (first === undefined) throw new SemanticQueryError('The SQL query is empty: send one SELECT statement');
  if (second !== undefined) {
    const start = text.firstToken(text.indexOfByte(second.stmt_location ?? 0))?.start;
    throw text.errorAt(start, 'Only one statement is accepted', 'send a single SELECT');
  }
  const statement = first.stmt;
  if (statement === undefined || !('SelectStmt' in statement)) {
    const token = text.firstToken(text.indexOfByte(first.stmt_location ?? 0));
    const keyword =
      token === undefined ? 'This statement' : text.text.slice(token.start, token.end).toUpperCase();
    throw text.errorAt(
      token?.start,
      `${keyword} is not supported`,
      'only SELECT queries over the model are accepted',
    );
  }
  checkSelectClauses(statement.SelectStmt, text, text.indexOfByte(first.stmt_location ?? 0));
  return statement.SelectStmt;
}

function checkSelectClauses(select: SelectStmt, text: SqlSourceText, start: number): void {
  if (select.withClause !== undefined) {
    throw text.errorAt(
      text.findKeyword('with', start),
      'WITH (common table expressions) is not supported',
      'query one cube or view directly',
    );
  }
  if (select.op !== undefined && select.op !== 'SETOP_NONE') {
    const keyword = select.op.replace('SETOP_', '');
    throw text.errorAt(
      text.findKeyword(keyword.toLowerCase(), start),
      `${keyword} is not supported`,
      'send one SELECT',
    );
  }
  if (select.valuesLists !== undefined) {
    throw text.errorAt(
      text.findKeyword('values', start),
      'VALUES is not supported',
      'send a SELECT over one cube or view',
    );
  }
  if (select.distinctClause !== undefined) {
    throw text.errorAt(
      text.findTokenAfterKeyword('select', start),
      'DISTINCT is not supported',
      'the result is already grouped by the selected dimensions',
    );
  }
  if (select.intoClause !== undefined) {
    throw text.errorAt(text.findKeyword('into', start), 'SELECT INTO is not supported');
  }
  const [locking] = select.lockingClause ?? [];
  if (locking !== undefined) {
    const strength = 'LockingClause' in locking ? (locking.LockingClause.strength ?? '') : '';
    const clause = lockingClauses[strength] ?? 'FOR UPDATE';
    throw text.errorAt(text.findKeyword('for', start, 'last'), `${clause} is not supported`);
  }
  const [window] = select.windowClause ?? [];
  if (window !== undefined)
    throw text.errorAt(text.findKeyword('window', start, 'last'), 'WINDOW is not supported');
  if (select.groupDistinct === true) {
    throw text.errorAt(text.findKeyword('group', start), 'GROUP BY DISTINCT is not supported');
  }
  if (select.limitOption === 'LIMIT_OPTION_WITH_TIES') {
    throw text.errorAt(text.findKeyword('ties', start), 'FETCH ... WITH TIES is not supported', 'use LIMIT');
  }
  if ((select.targetList ?? []).length === 0) {
    throw text.errorAt(text.findKeyword('select', start), 'SELECT needs at least one column');
  }
}

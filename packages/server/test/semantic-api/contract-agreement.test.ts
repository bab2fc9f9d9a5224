import { defaultQueryRowLimit, maximumQueryRowLimit, queryFilterOperators } from '@platform/contract';
import { defaultQueryLimit, filterOperators, maximumQueryLimit } from '@platform/semantic';
import { describe, expect, it } from 'vitest';

/** The contract validates queries without importing the compiler, so both keep their own lists. */
describe('the query schema of the contract and the compiler', () => {
  it('know the same filter operators', () => {
    expect([...queryFilterOperators].sort()).toEqual([...filterOperators].sort());
  });

  it('have the same default and maximum row limits', () => {
    expect(defaultQueryRowLimit).toBe(defaultQueryLimit);
    expect(maximumQueryRowLimit).toBe(maximumQueryLimit);
  });
});

import { describe, expect, it } from 'vitest';
import { type AccessCaller, checkPolicyCondition, evaluatePolicyCondition } from '../../src/index.js';

const caller: AccessCaller = {
  groups: ['sales'],
  securityContext: {
    tier: 3,
    region: 'EU',
    regions: ['EU', 'UK'],
    is_admin: true,
    team: { id: '42' },
    empty: '',
  },
  userAttributes: { department: 'finance', level: '7', is_contractor: false },
};

const holds = (sql: string) => evaluatePolicyCondition(sql, caller);

describe('access-policy conditions', () => {
  it('reads references with or without braces and spaces, in both spellings', () => {
    expect(holds('{ securityContext.is_admin }')).toBe(true);
    expect(holds('{securityContext.is_admin}')).toBe(true);
    expect(holds('security_context.is_admin')).toBe(true);
    expect(holds('{ userAttributes.is_contractor }')).toBe(false);
    expect(holds('{ user_attributes.department } == "finance"')).toBe(true);
    expect(holds("{ securityContext.team.id } == '42'")).toBe(true);
  });

  it('compares strings, numbers and numeric text', () => {
    expect(holds('{ securityContext.tier } >= 2')).toBe(true);
    expect(holds('{ securityContext.tier } < 3')).toBe(false);
    expect(holds('{ securityContext.tier } = 3')).toBe(true);
    expect(holds('{ securityContext.tier } === 3 && { securityContext.tier } !== 4')).toBe(true);
    expect(holds('{ userAttributes.level } > 5')).toBe(true);
    expect(holds("{ securityContext.region } <> 'US'")).toBe(true);
    expect(holds("{ securityContext.region } != 'EU'")).toBe(false);
    expect(holds('{ securityContext.tier } > -1')).toBe(true);
    expect(holds("{ securityContext.is_admin } == 'true'")).toBe(true);
  });

  it('tests membership in literal lists and in arrays of the context', () => {
    expect(holds("{ securityContext.region } in ('EU', 'UK')")).toBe(true);
    expect(holds("{ securityContext.region } in ['US']")).toBe(false);
    expect(holds("'UK' in { securityContext.regions }")).toBe(true);
    expect(holds("'US' not in { securityContext.regions }")).toBe(true);
    expect(holds("{ securityContext.region } NOT IN ('EU')")).toBe(false);
  });

  it('combines with and, or, not and parentheses', () => {
    expect(holds("{ securityContext.is_admin } and { userAttributes.department } == 'finance'")).toBe(true);
    expect(holds('{ userAttributes.is_contractor } or { securityContext.tier } > 5')).toBe(false);
    expect(holds('not { userAttributes.is_contractor }')).toBe(true);
    expect(holds('!({ securityContext.tier } > 5 or { userAttributes.is_contractor })')).toBe(true);
    expect(holds('{ securityContext.empty }')).toBe(false);
    expect(holds('true and not false')).toBe(true);
  });

  it('treats missing values as unknown, which never holds, even negated', () => {
    expect(holds('{ securityContext.missing }')).toBe(false);
    expect(holds('not { securityContext.missing }')).toBe(false);
    expect(holds("{ securityContext.missing } != 'EU'")).toBe(false);
    expect(holds("{ securityContext.missing } not in ('EU')")).toBe(false);
    expect(holds('{ securityContext.missing } or { securityContext.is_admin }')).toBe(true);
    expect(holds('{ securityContext.missing } == null')).toBe(true);
    expect(holds('{ securityContext.region } is not null')).toBe(true);
    expect(holds('{ securityContext.team.missing.deeper } is null')).toBe(true);
  });

  it('never follows inherited properties', () => {
    expect(holds('{ securityContext.constructor }')).toBe(false);
    expect(holds('{ securityContext.__proto__ } is null')).toBe(true);
  });

  it('rejects what it cannot read, and such conditions never hold', () => {
    const unreadable = [
      '',
      '{ securityContext.tier >>> 2 }',
      'process.exit()',
      "{ securityContext.region } == 'EU",
      '{ securityContext.tier } >=',
      '({ securityContext.is_admin }',
      'securityContext',
      '{ securityContext.a } not { securityContext.b }',
      `${'('.repeat(200)}true${')'.repeat(200)}`,
    ];
    for (const sql of unreadable) {
      expect(checkPolicyCondition(sql), sql).toMatch(/^cannot read the condition/);
      expect(
        evaluatePolicyCondition(sql, { ...caller, securityContext: { ...caller.securityContext, a: 1 } }),
      ).toBe(false);
    }
    expect(checkPolicyCondition('{ securityContext.tier >>> 2 }')).toContain(
      'unexpected `>` at character 25',
    );
    expect(checkPolicyCondition("{ securityContext.region } in ('EU', 'UK') and not false")).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { chooseSearchQuery } from '../src/choose-search-query.js';
import { readFollowUpLead } from '../src/follow-up-lead.js';
import { QuestionTokens } from '../src/question-tokens.js';

function leadOf(question: string) {
  const tokens = new QuestionTokens(question);
  const lead = readFollowUpLead(tokens);
  return { ...lead, free: tokens.freeIndexes().map((index) => tokens.tokens[index]?.lower) };
}

describe('follow-up words', () => {
  it('marks the opening and closing follow-up words used and leaves the rest free', () => {
    expect(leadOf('and by month?')).toEqual({ isFollowUp: true, isReplacing: false, free: ['by', 'month'] });
    expect(leadOf('What about 2023?')).toEqual({ isFollowUp: true, isReplacing: false, free: ['2023'] });
    expect(leadOf('by country instead')).toEqual({
      isFollowUp: true,
      isReplacing: true,
      free: ['by', 'country'],
    });
    expect(leadOf('top 5 only')).toEqual({ isFollowUp: true, isReplacing: false, free: ['top', '5'] });
  });

  it('keeps an opening exclusion free for the filter reading, and finds no lead in a whole question', () => {
    expect(leadOf('excluding cancelled')).toEqual({
      isFollowUp: true,
      isReplacing: false,
      free: ['excluding', 'cancelled'],
    });
    expect(leadOf('Revenue by channel in 2025').isFollowUp).toBe(false);
  });
});

describe('the metadata search of a follow-up', () => {
  it('adds the keywords of the earlier questions, newest first, after its own', () => {
    expect(chooseSearchQuery('and only the web channel?', ['revenue by country in 2025', 'by month'])).toBe(
      'web channel revenue country',
    );
    expect(chooseSearchQuery('what about 2024?', ['revenue by channel in 2025'])).toBe('revenue channel');
    expect(chooseSearchQuery('thanks!', ['revenue by channel in 2025'])).toBe('');
  });
});

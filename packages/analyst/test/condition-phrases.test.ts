import { describe, expect, it } from 'vitest';
import { readConditionPhrases } from '../src/condition-phrases.js';
import { QuestionTokens } from '../src/question-tokens.js';

function phrasesOf(question: string) {
  const tokens = new QuestionTokens(question);
  return readConditionPhrases(tokens, new Set()).map((phrase) => ({ kind: phrase.kind, text: phrase.text }));
}

describe('condition phrases', () => {
  it('reads a cue hyphened to the next word as one compound word, not a condition', () => {
    expect(phrasesOf('How many no-shows did we have across 2024 and 2025?')).toEqual([]);
    expect(phrasesOf('How many no shows did we have?')).toEqual([{ kind: 'absent', text: 'no shows' }]);
  });

  it('keeps "non-" a prefix that negates its word, and "with no" an empty field', () => {
    expect(phrasesOf('Invoice amount of non-paid invoices')).toEqual([{ kind: 'exclude', text: 'non paid' }]);
    expect(phrasesOf('Orders with no ship date')).toEqual([{ kind: 'absent', text: 'with no ship date' }]);
  });
});

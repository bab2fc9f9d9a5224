import { searchTerms } from './search-terms.js';

export interface QuestionToken {
  /** As written. */
  readonly text: string;
  readonly lower: string;
  /** The metadata search's stem, so question words meet member words the way the search index does. */
  readonly stem: string;
  readonly isQuoted: boolean;
  /** First word of a sentence: its capital letter says nothing about it being a name. */
  readonly isSentenceStart: boolean;
  /** Written after a comma: a comma separates the items of a list ("web, app and store"). */
  readonly followsComma: boolean;
  /** Joined to the word before by a hyphen ("no-shows"): one compound word, written in two parts. */
  readonly followsHyphen: boolean;
}

export interface TokenSpan {
  readonly start: number;
  /** Exclusive. */
  readonly end: number;
}

export interface PhraseMatch extends TokenSpan {
  readonly groups: readonly (string | undefined)[];
}

const tokenPattern = /\d{4}-\d{2}-\d{2}|[\p{L}\p{N}]+(?:['’]\p{L}+)?|[.?!;,]|["“”]/gu;

/** What a word the measure took only as its source's name is used for: a value may still take it. */
export const sourceWordPurpose = 'source-word';

export function stemOf(word: string): string {
  return searchTerms(word)[0] ?? word.toLowerCase();
}

/**
 * The words of a question, with which of them an interpretation has already used, so each word explains
 * one thing only (a time range, a measure, a grouping, a filter).
 */
export class QuestionTokens {
  readonly tokens: readonly QuestionToken[];
  private readonly usedBy: (string | undefined)[];
  private readonly joined: string;
  private readonly starts: readonly number[];

  constructor(question: string) {
    const tokens: QuestionToken[] = [];
    let isSentenceStart = true;
    let isQuoted = false;
    let followsComma = false;
    for (const match of question.matchAll(tokenPattern)) {
      const text = match[0];
      if (text === ',') {
        followsComma = true;
        continue;
      }
      if (/^["“”]$/.test(text)) {
        isQuoted = !isQuoted;
        continue;
      }
      if (/^[.?!;]$/.test(text)) {
        isSentenceStart = true;
        continue;
      }
      // why: a possessive names the same thing ("this year's revenue" is about this year).
      const lower = text.toLowerCase().replace(/’/g, "'").replace(/'s$/, '');
      const followsHyphen =
        question[(match.index ?? 0) - 1] === '-' &&
        /[\p{L}\p{N}]/u.test(question[(match.index ?? 0) - 2] ?? '');
      tokens.push({
        text,
        lower,
        stem: stemOf(lower),
        isQuoted,
        isSentenceStart,
        followsComma,
        followsHyphen,
      });
      isSentenceStart = false;
      followsComma = false;
    }
    this.tokens = tokens;
    this.usedBy = tokens.map(() => undefined);
    const starts: number[] = [];
    let offset = 0;
    for (const token of tokens) {
      starts.push(offset);
      offset += token.lower.length + 1;
    }
    this.starts = starts;
    this.joined = tokens.map((token) => token.lower).join(' ');
  }

  get length(): number {
    return this.tokens.length;
  }

  lowerAt(index: number): string | undefined {
    return this.tokens[index]?.lower;
  }

  isFree(index: number): boolean {
    return index >= 0 && index < this.tokens.length && this.usedBy[index] === undefined;
  }

  isSpanFree(span: TokenSpan): boolean {
    for (let index = span.start; index < span.end; index += 1) if (!this.isFree(index)) return false;
    return true;
  }

  /** What used the word at `index` ("time", "condition", …), if anything did. */
  purposeAt(index: number): string | undefined {
    return this.usedBy[index];
  }

  use(span: TokenSpan, purpose: string): void {
    for (let index = span.start; index < span.end; index += 1) this.usedBy[index] = purpose;
  }

  /** Gives words back, when a reading that took them turns out not to apply. */
  release(span: TokenSpan): void {
    for (let index = span.start; index < span.end; index += 1) this.usedBy[index] = undefined;
  }

  /** Which words are used, to try one reading and go back if it fails. */
  snapshot(): readonly (string | undefined)[] {
    return [...this.usedBy];
  }

  restore(snapshot: readonly (string | undefined)[]): void {
    snapshot.forEach((purpose, index) => {
      this.usedBy[index] = purpose;
    });
  }

  /** Indexes of the words no interpretation has used yet. */
  freeIndexes(): number[] {
    return this.tokens.flatMap((_token, index) => (this.isFree(index) ? [index] : []));
  }

  /**
   * Matches of a pattern over the lowercased words joined by single spaces, whole words only and over
   * unused words only, first to last without overlaps. The pattern needs the `g` flag.
   */
  findPhrases(pattern: RegExp): PhraseMatch[] {
    const found: PhraseMatch[] = [];
    for (const match of this.joined.matchAll(pattern)) {
      const start = this.starts.indexOf(match.index);
      const endOffset = match.index + match[0].length;
      const end = this.starts.findIndex((offset) => offset > endOffset);
      const span = { start, end: end === -1 ? this.tokens.length : end };
      const isWholeWords = start !== -1 && (end === -1 ? endOffset === this.joined.length : true);
      const lastStart = this.starts[span.end - 1] ?? 0;
      const isEndAligned = lastStart + (this.tokens[span.end - 1]?.lower.length ?? 0) === endOffset;
      if (!isWholeWords || !isEndAligned || span.end <= span.start || !this.isSpanFree(span)) continue;
      found.push({ ...span, groups: match.slice(1) });
    }
    return found;
  }
}

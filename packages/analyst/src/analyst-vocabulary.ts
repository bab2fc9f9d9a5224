import { type QuestionTokens, stemOf } from './question-tokens.js';

function wordSet(text: string): ReadonlySet<string> {
  return new Set(text.split(/\s+/).filter((word) => word.length > 0));
}

/** Words that carry no meaning of their own in a question about data. */
export const fillerWords = wordSet(`
  a about all also an and any are as at be been being by can could did do does done during each either
  for from get give got had has have how i if in into is it its just let like list me much many my of on
  or our out over per please s show shown tell than that the their them then there these they this those
  to up us want was we were what whats what's when where which while who whose why will with would you
  your see find display give made make making get gets getting know need needs look looking view compare
  data figure figures number numbers count counted altogether currently so far now some breakdown break
  broken down split grouped group sorted ordered rank ranked ranking across every
`);

/** Words of greetings and small talk: a question made only of these is not about data. */
export const smallTalkWords = wordSet(`
  hi hello hey hiya howdy yo greetings good morning afternoon evening day thanks thank you cheers bye
  goodbye ok okay please there how are doing what's whats up sup great nice cool awesome who what can do
  help yourself your you're name is the a an i am me
`);

/** A question made only of greetings and small talk (or of nothing) is not about data. */
export function isSmallTalk(tokens: QuestionTokens): boolean {
  return tokens.tokens.every((token) => smallTalkWords.has(token.lower));
}

/** Words that name what a measure does to its values rather than what it measures. */
export const aggregationWords = wordSet(`
  count counts number numbers total totals sum sums avg average averages mean median min minimum max
  maximum of
`);

export type AggregationCue = 'count' | 'sum' | 'avg' | 'min' | 'max' | 'distinct';

/** Question words that ask for a kind of aggregate, checked against a measure's type. */
export const aggregationCues: ReadonlyMap<string, AggregationCue> = new Map([
  ['count', 'count'],
  ['number', 'count'],
  ['many', 'count'],
  ['total', 'sum'],
  ['much', 'sum'],
  ['sum', 'sum'],
  ['overall', 'sum'],
  ['average', 'avg'],
  ['avg', 'avg'],
  ['mean', 'avg'],
  ['typical', 'avg'],
  ['minimum', 'min'],
  ['min', 'min'],
  ['maximum', 'max'],
  ['max', 'max'],
  ['unique', 'distinct'],
  ['distinct', 'distinct'],
  ['different', 'distinct'],
]);

/** Without a grouping, these ask for the largest or smallest single value. */
export const extremeCues: ReadonlyMap<string, AggregationCue> = new Map([
  ['largest', 'max'],
  ['biggest', 'max'],
  ['highest', 'max'],
  ['longest', 'max'],
  ['latest', 'max'],
  ['smallest', 'min'],
  ['lowest', 'min'],
  ['shortest', 'min'],
  ['earliest', 'min'],
]);

/**
 * Plain-English business synonyms, for models without synonyms of their own. A match through them counts
 * less than a word of the member's own name.
 */
const synonymGroups: readonly (readonly string[])[] = [
  [
    'revenue',
    'sales',
    'sell',
    'sold',
    'turnover',
    'income',
    'amount',
    'bookings',
    'earnings',
    'value',
    'money',
    'size',
    'worth',
    // why: what customers spend is what the business takes in: "which customers spent the most".
    'spend',
    'spent',
    'spending',
  ],
  ['customer', 'client', 'buyer', 'account', 'shopper'],
  ['employee', 'staff', 'worker', 'headcount', 'people', 'person'],
  ['user', 'member', 'login'],
  ['country', 'nation'],
  ['industry', 'sector', 'vertical'],
  ['plan', 'tier', 'package'],
  ['product', 'item', 'article', 'sku'],
  ['category', 'type', 'kind', 'class'],
  ['seat', 'license', 'licence'],
  ['price', 'cost'],
  ['order', 'purchase'],
  ['signup', 'registration', 'join'],
  ['region', 'area', 'territory'],
  ['city', 'town'],
  ['salary', 'pay', 'wage', 'compensation'],
  ['department', 'team', 'division', 'unit'],
  ['subscription', 'contract'],
  ['cancel', 'churn'],
  ['deal', 'opportunity'],
  ['stage', 'status', 'state', 'phase'],
];

const synonymsByStem = new Map<string, Set<string>>();
for (const group of synonymGroups) {
  const stems = group.map(stemOf);
  for (const stem of stems) {
    const related = synonymsByStem.get(stem) ?? new Set<string>();
    for (const other of stems) if (other !== stem) related.add(other);
    synonymsByStem.set(stem, related);
  }
}

/** Whether two stems are the same word or plain-English synonyms. */
export function wordMatch(questionStem: string, memberStem: string): 'exact' | 'synonym' | undefined {
  if (questionStem === memberStem) return 'exact';
  return synonymsByStem.get(questionStem)?.has(memberStem) === true ? 'synonym' : undefined;
}

export const timeUnits = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type TimeUnit = (typeof timeUnits)[number];

export const numberWords: ReadonlyMap<string, number> = new Map(
  'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'
    .split(' ')
    .map((word, index) => [word, index + 1]),
);

/** `12` or `twelve` as a number; undefined for anything else. */
export function countOf(word: string | undefined): number | undefined {
  if (word === undefined) return undefined;
  if (/^\d{1,6}$/.test(word)) return Number(word);
  return numberWords.get(word);
}

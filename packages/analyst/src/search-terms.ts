/** Words that carry no meaning in a question about data; they would match every description. */
const stopWords = new Set(
  (
    'a about all an and any are as at be by can could did do does each for from get give had has have how i ' +
    'in into is it its list me much many my of on or our per please show tell than that the their them then ' +
    'there these they this those to us was we were what when where which who whose why will with would you your'
  ).split(' '),
);

const vowels = /[aeiouy]/;

/**
 * Search terms of a text, as the server's metadata search index makes them (a test in the server keeps
 * both equal, since the package may import nothing): words split at punctuation, `snake_case` and `camelCase`, lowercased, stop words
 * dropped, lightly stemmed, each once.
 */
export function searchTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const word of splitWords(text)) {
    if (!stopWords.has(word)) terms.add(stemWord(word));
  }
  return [...terms];
}

function splitWords(text: string): string[] {
  return text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/**
 * A light stemmer: `categories` → `category`, `boxes` → `box`, `orders` → `order`, `shipped` and
 * `shipping` → `ship`, and a final `e` dropped so `price`, `prices` and `pricing` meet at `pric`. Query and
 * index words go through the same steps, so a stem only has to be consistent, not a real word.
 */
function stemWord(word: string): string {
  let stem = word;
  if (stem.length > 4 && stem.endsWith('ies')) stem = `${stem.slice(0, -3)}y`;
  else if (stem.length > 4 && /(?:sses|xes|zes|ches|shes)$/.test(stem)) stem = stem.slice(0, -2);
  else if (stem.length > 3 && stem.endsWith('s') && !/(?:ss|us|is)$/.test(stem)) stem = stem.slice(0, -1);
  stem = stripSuffix(stem, 'ing', 5) ?? stripSuffix(stem, 'ed', 4) ?? stem;
  if (stem.length > 3 && stem.endsWith('e')) stem = stem.slice(0, -1);
  return stem;
}

/** The word without a verb ending, with a doubled final consonant undoubled (`shipp` → `ship`). */
function stripSuffix(word: string, suffix: string, minimumLength: number): string | undefined {
  if (word.length <= minimumLength || !word.endsWith(suffix)) return undefined;
  const base = word.slice(0, -suffix.length);
  if (base.length < 3 || !vowels.test(base)) return undefined;
  const last = base.charAt(base.length - 1);
  const isDoubled = base.length > 3 && last === base.charAt(base.length - 2) && !/[aeiouylsz]/.test(last);
  return isDoubled ? base.slice(0, -1) : base;
}

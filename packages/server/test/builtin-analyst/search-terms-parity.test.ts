import { searchTerms as analystSearchTerms } from '@platform/analyst';
import { searchTerms as indexSearchTerms } from '@platform/semantic';
import { describe, expect, it } from 'vitest';
import { demoModelFiles } from '../../src/modules/data-model/demo-model/demo-model-files.js';

/** Words whose stems take each rule of the stemmer (plurals, verb endings, doubled consonants, final e). */
const ruleWords =
  'categories boxes statuses prices pricing price created creating shipped shipping orders bus analysis ' +
  'glasses churches wishes running stopped totalAmount customerID HTTPServer order_line_items 2024 Q3';

describe('the analyst stems words as the metadata search index does', () => {
  it('gives the same terms for the demo model and every rule of the stemmer', () => {
    // why: the analyst may import nothing, so it keeps its own copy; question words must meet the
    // words of `platformMeta` results (indexed by @platform/semantic) the same way.
    const texts = [ruleWords, ...demoModelFiles.map((file) => file.text)];
    for (const text of texts) expect(analystSearchTerms(text)).toEqual(indexSearchTerms(text));
  });
});

import {
  type SeededRandom,
  WeightedSampler,
} from '../../../packages/server/src/platform/sample-data/seeded-random.js';

/** Draws items of a fixed list in proportion to their weights. */
export interface WeightedChoice<Item> {
  draw(random: SeededRandom): Item;
  /** A drawn item with its position, for rows that refer to it by id. */
  drawWithIndex(random: SeededRandom): { item: Item; index: number };
}

export function weightedChoice<Item>(
  items: readonly Item[],
  weights: readonly number[],
): WeightedChoice<Item> {
  if (items.length === 0 || items.length !== weights.length) throw new Error('one weight per item is needed');
  const sampler = new WeightedSampler(weights);
  const drawWithIndex = (random: SeededRandom) => {
    const index = sampler.sample(random);
    const item = items[index];
    if (item === undefined) throw new Error('the sampler drew past the list');
    return { item, index };
  };
  return { drawWithIndex, draw: (random) => drawWithIndex(random).item };
}

/**
 * A small seeded pseudo-random generator (mulberry32). The sample data must be byte-identical for the same
 * seed on every machine, so neither Math.random nor a dependency whose algorithm may change is used.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /**
   * An independent stream per table: adding a column to one table must not shift the values of the
   * others, so each stream is seeded from the run's seed and its own label.
   */
  static forStream(seed: number, label: string): SeededRandom {
    let hash = 2166136261 ^ (seed >>> 0);
    for (let index = 0; index < label.length; index += 1) {
      hash = Math.imul(hash ^ label.charCodeAt(index), 16777619);
    }
    return new SeededRandom(hash >>> 0);
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let mixed = this.state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [minimum, maximum], both inclusive. */
  integer(minimum: number, maximum: number): number {
    return minimum + Math.floor(this.next() * (maximum - minimum + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<Item>(items: readonly Item[]): Item {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('cannot pick from an empty list');
    return item;
  }

  /** Picks by relative weight, for the small fixed distributions (statuses, channels, methods). */
  weighted<Item>(choices: readonly (readonly [Item, number])[]): Item {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let remaining = this.next() * total;
    for (const [item, weight] of choices) {
      remaining -= weight;
      if (remaining < 0) return item;
    }
    const last = choices[choices.length - 1];
    if (last === undefined) throw new Error('cannot pick from an empty list');
    return last[0];
  }

  /** Fisher-Yates, so popularity ranks are not aligned with ids. */
  shuffle<Item>(items: Item[]): Item[] {
    for (let index = items.length - 1; index > 0; index -= 1) {
      const other = Math.floor(this.next() * (index + 1));
      const current = items[index] as Item;
      items[index] = items[other] as Item;
      items[other] = current;
    }
    return items;
  }
}

/**
 * Samples indexes in proportion to fixed weights with a binary search over the cumulative sums, which
 * keeps large Zipf-like distributions (products, customers) cheap to draw from many times.
 */
export class WeightedSampler {
  private readonly cumulative: Float64Array;

  constructor(weights: readonly number[]) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    weights.forEach((weight, index) => {
      sum += weight;
      this.cumulative[index] = sum;
    });
  }

  get total(): number {
    return this.cumulative[this.cumulative.length - 1] ?? 0;
  }

  /** The cumulative weight of every index before `index`. */
  massBefore(index: number): number {
    return index <= 0 ? 0 : (this.cumulative[index - 1] ?? this.total);
  }

  sample(random: SeededRandom): number {
    return this.sampleFrom(random, 0);
  }

  /** Samples only among indexes at or after `firstIndex` (e.g. days after a customer signed up). */
  sampleFrom(random: SeededRandom, firstIndex: number): number {
    const low = this.massBefore(firstIndex);
    const target = low + random.next() * (this.total - low);
    let lower = firstIndex;
    let upper = this.cumulative.length - 1;
    while (lower < upper) {
      const middle = (lower + upper) >>> 1;
      if ((this.cumulative[middle] ?? 0) > target) upper = middle;
      else lower = middle + 1;
    }
    return lower;
  }
}

/** Zipf-like weights 1/rank^exponent: a few items take most of the volume, as in real catalogues. */
export function zipfWeights(count: number, exponent: number): number[] {
  return Array.from({ length: count }, (_, index) => 1 / (index + 1) ** exponent);
}

import {
  dailyOrderWeights,
  instantWithinDay,
  millisecondsPerDay,
  sampleWindowDays,
  sampleWindowStart,
} from './sample-data-calendar.js';
import {
  categories,
  cities,
  firstNames,
  lastNames,
  productAdjectives,
  storeNameSuffixes,
} from './sample-data-catalogue.js';
import type { CustomerRow, CustomerSegment, ProductRow, StoreRow } from './sample-data-tables.js';
import { SeededRandom, WeightedSampler } from './seeded-random.js';

const citySampler = new WeightedSampler(cities.map(([, , weight]) => weight));

function pickCity(random: SeededRandom): readonly [string, string, number] {
  return cities[citySampler.sample(random)] ?? (cities[0] as readonly [string, string, number]);
}

/** Stores open over time: most existed before the window, the rest open during it (growth). */
export function generateStores(seed: number, count: number): StoreRow[] {
  const random = SeededRandom.forStream(seed, 'stores');
  const namesTaken = new Set<string>();
  return Array.from({ length: count }, (_, index) => {
    const [city, country] = pickCity(random);
    let name = `${city} ${random.pick(storeNameSuffixes)}`;
    for (let attempt = 2; namesTaken.has(name); attempt += 1) name = `${city} ${attempt}`;
    namesTaken.add(name);
    const openedBeforeWindow = index < Math.ceil(count * 0.6);
    const openedAt = openedBeforeWindow
      ? sampleWindowStart - random.integer(30, 2000) * millisecondsPerDay
      : sampleWindowStart + random.integer(0, sampleWindowDays - 90) * millisecondsPerDay;
    return { id: index + 1, name, city, country, openedAt };
  });
}

/** A catalogue spread over categories by share, priced at the category's usual price points. */
export function generateProducts(seed: number, count: number): ProductRow[] {
  const random = SeededRandom.forStream(seed, 'products');
  const categorySampler = new WeightedSampler(categories.map((category) => category.share));
  return Array.from({ length: count }, (_, index) => {
    const category = categories[categorySampler.sample(random)] ?? (categories[0] as (typeof categories)[0]);
    const brand = random.pick(category.brands);
    const priceCents = random.pick(category.pricePointsInCents);
    const [lowestRatio, highestRatio] = category.costRatio;
    const costRatio = lowestRatio + random.next() * (highestRatio - lowestRatio);
    return {
      id: index + 1,
      name: `${brand} ${random.pick(productAdjectives)} ${random.pick(category.nouns)}`,
      category: category.name,
      brand,
      priceCents,
      costCents: Math.round(priceCents * costRatio),
    };
  });
}

/** Sign-ups before the window, spread over the two preceding years. */
const earliestSignUp = sampleWindowStart - 730 * millisecondsPerDay;

/**
 * Customers sign up before the window (the existing base) or during it, following the same growth and
 * seasonality as orders. A few have no e-mail (walk-in store customers) or no city on file.
 */
export function generateCustomers(seed: number, count: number): CustomerRow[] {
  const random = SeededRandom.forStream(seed, 'customers');
  const signUpDays = new WeightedSampler(dailyOrderWeights());
  const segments: readonly (readonly [CustomerSegment, number])[] = [
    ['consumer', 80],
    ['small_business', 15],
    ['corporate', 5],
  ];
  return Array.from({ length: count }, (_, index) => {
    const id = index + 1;
    const firstName = random.pick(firstNames);
    const lastName = random.pick(lastNames);
    const [city, country] = pickCity(random);
    const signedUpAt = random.chance(0.3)
      ? earliestSignUp + Math.floor(random.next() * (sampleWindowStart - earliestSignUp))
      : instantWithinDay(random, signUpDays.sample(random));
    const localPart = `${firstName}.${lastName}`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z.]/g, '');
    return {
      id,
      firstName,
      lastName,
      email: random.chance(0.04) ? null : `${localPart}${id}@example.com`,
      city: random.chance(0.02) ? null : city,
      country,
      signedUpAt,
      segment: random.weighted(segments),
    };
  });
}

import { generateOrderRows } from './generate-order-rows.js';
import { generateCustomers, generateProducts, generateStores } from './generate-reference-rows.js';
import type { SampleDataSet } from './sample-data-tables.js';

export const defaultSampleSeed = 42;

export interface SampleDataOptions {
  /** 1 ≈ 1,000 customers and 10,000 orders; counts grow linearly. Fractions (0.1) give a smaller set. */
  scale: number;
  seed?: number;
}

export interface SampleDataSizes {
  stores: number;
  products: number;
  customers: number;
  orders: number;
}

/** Rejects what would silently produce an empty or absurd data set, with a message a CLI can print. */
export function validateSampleDataOptions(options: SampleDataOptions): void {
  if (!Number.isFinite(options.scale) || options.scale <= 0 || options.scale > 1000) {
    throw new RangeError(`scale must be a number greater than 0 and at most 1000 (got ${options.scale})`);
  }
  const seed = options.seed ?? defaultSampleSeed;
  if (!Number.isSafeInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new RangeError(`seed must be an integer from 0 to 4294967295 (got ${seed})`);
  }
}

/** Row counts at a scale; small floors keep tiny scales meaningful (every category, several stores). */
export function sampleDataSizes(scale: number): SampleDataSizes {
  return {
    stores: Math.max(3, Math.round(8 * scale)),
    products: Math.max(40, Math.round(250 * scale)),
    customers: Math.max(20, Math.round(1000 * scale)),
    orders: Math.max(100, Math.round(10_000 * scale)),
  };
}

/**
 * Generates the whole e-commerce data set in memory. Pure: the same scale and seed give byte-identical
 * rows on every run and machine.
 */
export function generateSampleData(options: SampleDataOptions): SampleDataSet {
  validateSampleDataOptions(options);
  const seed = options.seed ?? defaultSampleSeed;
  const sizes = sampleDataSizes(options.scale);
  const stores = generateStores(seed, sizes.stores);
  const products = generateProducts(seed, sizes.products);
  const customers = generateCustomers(seed, sizes.customers);
  const { orders, orderItems, payments } = generateOrderRows(seed, sizes.orders, customers, stores, products);
  return { stores, products, customers, orders, orderItems, payments };
}

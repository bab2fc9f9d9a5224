import { describe, expect, it } from 'vitest';
import { generateSampleData, sampleDataSizes } from '../../src/platform/sample-data/generate-sample-data.js';
import { sampleWindowEnd, sampleWindowStart } from '../../src/platform/sample-data/sample-data-calendar.js';
import { orderStatuses, paymentMethods } from '../../src/platform/sample-data/sample-data-tables.js';

// A small scale keeps the suite fast while still exercising every table and distribution.
const scale = 0.3;
const data = generateSampleData({ scale, seed: 7 });

describe('generateSampleData', () => {
  it('gives byte-identical data for the same seed and different data for another seed', () => {
    const again = generateSampleData({ scale, seed: 7 });
    expect(JSON.stringify(again)).toBe(JSON.stringify(data));
    const other = generateSampleData({ scale, seed: 8 });
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(data));
  });

  it('produces the row counts of the scale, linearly', () => {
    const sizes = sampleDataSizes(scale);
    expect(data.customers).toHaveLength(300);
    expect(data.orders).toHaveLength(3000);
    expect(data.products).toHaveLength(sizes.products);
    expect(data.stores).toHaveLength(sizes.stores);
    expect(sampleDataSizes(1)).toMatchObject({ customers: 1000, orders: 10_000 });
    expect(sampleDataSizes(4)).toMatchObject({ customers: 4000, orders: 40_000 });
    expect(data.orderItems.length).toBeGreaterThan(data.orders.length);
  });

  it('keeps every reference valid', () => {
    const orderIds = new Set(data.orders.map((order) => order.id));
    const productIds = new Set(data.products.map((product) => product.id));
    const customerIds = new Set(data.customers.map((customer) => customer.id));
    const storeIds = new Set(data.stores.map((store) => store.id));
    for (const item of data.orderItems) {
      expect(orderIds.has(item.orderId)).toBe(true);
      expect(productIds.has(item.productId)).toBe(true);
    }
    for (const order of data.orders) {
      expect(customerIds.has(order.customerId)).toBe(true);
      if (order.storeId !== null) expect(storeIds.has(order.storeId)).toBe(true);
      expect(order.storeId === null).toBe(order.channel !== 'store');
    }
    for (const payment of data.payments) expect(orderIds.has(payment.orderId)).toBe(true);
  });

  it('pays every order except cancelled ones, to the cent', () => {
    const totals = new Map<number, number>();
    for (const item of data.orderItems) {
      const line = item.quantity * item.unitPriceCents - item.discountCents;
      totals.set(item.orderId, (totals.get(item.orderId) ?? 0) + line);
    }
    const paid = new Map<number, number>();
    for (const payment of data.payments) {
      expect(payment.amountCents).toBeGreaterThan(0);
      paid.set(payment.orderId, (paid.get(payment.orderId) ?? 0) + payment.amountCents);
    }
    for (const order of data.orders) {
      expect(paid.get(order.id)).toBe(order.status === 'cancelled' ? undefined : totals.get(order.id));
    }
    expect(new Set(data.payments.map((payment) => payment.method))).toEqual(new Set(paymentMethods));
  });

  it('keeps every instant inside the three-year window and in a sensible order', () => {
    for (const order of data.orders) {
      expect(order.orderedAt).toBeGreaterThanOrEqual(sampleWindowStart);
      expect(order.orderedAt).toBeLessThanOrEqual(sampleWindowEnd);
      if (order.shippedAt !== null) {
        expect(order.shippedAt).toBeGreaterThan(order.orderedAt);
        expect(order.shippedAt).toBeLessThanOrEqual(sampleWindowEnd);
      }
    }
    const customers = new Map(data.customers.map((customer) => [customer.id, customer]));
    for (const order of data.orders) {
      expect(order.orderedAt).toBeGreaterThanOrEqual(customers.get(order.customerId)?.signedUpAt ?? 0);
    }
    for (const payment of data.payments) expect(payment.paidAt).toBeLessThanOrEqual(sampleWindowEnd);
    const ordered = data.orders.map((order) => order.orderedAt);
    expect(ordered).toEqual([...ordered].sort((left, right) => left - right));
    expect(new Set(data.orders.map((order) => order.status))).toEqual(new Set(orderStatuses));
  });

  it('skews towards popular products, loyal customers, the fourth quarter and later years', () => {
    const itemsPerProduct = new Map<number, number>();
    for (const item of data.orderItems) {
      itemsPerProduct.set(item.productId, (itemsPerProduct.get(item.productId) ?? 0) + 1);
    }
    const counts = [...itemsPerProduct.values()].sort((left, right) => right - left);
    const topTenth = counts
      .slice(0, Math.ceil(data.products.length / 10))
      .reduce((sum, count) => sum + count);
    expect(topTenth / data.orderItems.length).toBeGreaterThan(0.35);

    const ordersPerCustomer = new Map<number, number>();
    for (const order of data.orders) {
      ordersPerCustomer.set(order.customerId, (ordersPerCustomer.get(order.customerId) ?? 0) + 1);
    }
    const perCustomer = [...ordersPerCustomer.values()].sort((left, right) => right - left);
    expect(perCustomer[0] ?? 0).toBeGreaterThan(5 * (perCustomer[perCustomer.length >> 1] ?? 0));

    const byMonth = new Array<number>(12).fill(0);
    const byYear = new Map<number, number>();
    for (const order of data.orders) {
      const date = new Date(order.orderedAt);
      byMonth[date.getUTCMonth()] = (byMonth[date.getUTCMonth()] ?? 0) + 1;
      const windowYear = Math.floor((order.orderedAt - sampleWindowStart) / (365.25 * 86_400_000));
      byYear.set(windowYear, (byYear.get(windowYear) ?? 0) + 1);
    }
    expect((byMonth[11] ?? 0) + (byMonth[10] ?? 0)).toBeGreaterThan(
      1.5 * ((byMonth[1] ?? 0) + (byMonth[0] ?? 0)),
    );
    expect(byYear.get(2) ?? 0).toBeGreaterThan(byYear.get(0) ?? 0);
  });

  it('rejects a scale or seed that would give an empty or surprising data set', () => {
    expect(() => generateSampleData({ scale: 0 })).toThrow(RangeError);
    expect(() => generateSampleData({ scale: Number.NaN })).toThrow(/scale/);
    expect(() => generateSampleData({ scale: 1, seed: -1 })).toThrow(/seed/);
  });
});

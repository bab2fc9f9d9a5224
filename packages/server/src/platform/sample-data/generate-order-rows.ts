import {
  dailyOrderWeights,
  dayIndexOf,
  instantWithinDay,
  isPromotionDay,
  millisecondsPerDay,
  millisecondsPerHour,
  millisecondsPerMinute,
  sampleWindowDays,
  sampleWindowEnd,
} from './sample-data-calendar.js';
import type {
  CustomerRow,
  OrderChannel,
  OrderItemRow,
  OrderRow,
  OrderStatus,
  PaymentMethod,
  PaymentRow,
  ProductRow,
  StoreRow,
} from './sample-data-tables.js';
import { SeededRandom, WeightedSampler, zipfWeights } from './seeded-random.js';

export interface OrderRows {
  orders: OrderRow[];
  orderItems: OrderItemRow[];
  payments: PaymentRow[];
}

interface OrderDraft {
  customer: CustomerRow;
  orderedAt: number;
  draw: number;
}

/**
 * Who orders when: each customer has a Zipf-like activity (a few loyal customers order very often, most
 * once or twice), scaled by how much of the window they were signed up for; each order's day follows the
 * growth and seasonality curve, never before the customer signed up.
 */
function draftOrders(random: SeededRandom, customers: readonly CustomerRow[], count: number): OrderDraft[] {
  const days = new WeightedSampler(dailyOrderWeights());
  const activityByRank = zipfWeights(customers.length + 10, 0.8).slice(10);
  const ranks = random.shuffle(customers.map((_, index) => index));
  const firstDays = customers.map((customer) => dayIndexOf(customer.signedUpAt));
  const scores = customers.map((_, index) => {
    const remainingMass = days.total - days.massBefore(firstDays[index] ?? 0);
    return (activityByRank[ranks[index] ?? 0] ?? 0) * remainingMass;
  });
  const customerSampler = new WeightedSampler(scores);
  const drafts: OrderDraft[] = [];
  for (let draw = 0; draw < count; draw += 1) {
    const customerIndex = customerSampler.sample(random);
    const customer = customers[customerIndex] as CustomerRow;
    const day = days.sampleFrom(random, firstDays[customerIndex] ?? 0);
    const instant = instantWithinDay(random, day);
    // Same day as the sign-up but earlier in it: the first order follows the sign-up by minutes.
    const orderedAt = Math.min(
      sampleWindowEnd,
      Math.max(instant, customer.signedUpAt + random.integer(2, 90) * millisecondsPerMinute),
    );
    drafts.push({ customer, orderedAt, draw });
  }
  // Ids follow time, as in a real order table; the draw index breaks ties deterministically.
  return drafts.sort((left, right) => left.orderedAt - right.orderedAt || left.draw - right.draw);
}

function pickChannel(random: SeededRandom, orderedAt: number): OrderChannel {
  // The app's share grows over the window, taken mostly from the web.
  const progress = dayIndexOf(orderedAt) / sampleWindowDays;
  return random.weighted<OrderChannel>([
    ['web', 55 - 15 * progress],
    ['app', 15 + 20 * progress],
    ['store', 30 - 5 * progress],
  ]);
}

function pickStore(random: SeededRandom, stores: readonly StoreRow[], customer: CustomerRow, at: number) {
  const open = stores.filter((store) => store.openedAt <= at);
  if (open.length === 0) return null;
  const local = open.filter((store) => store.city === customer.city);
  return local.length > 0 && random.chance(0.75) ? random.pick(local) : random.pick(open);
}

/** Recent orders are still in flight (not shipped yet, or not delivered); older ones have ended. */
function pickStatus(random: SeededRandom, shippedAt: number): OrderStatus {
  if (random.chance(0.04)) return 'cancelled';
  if (shippedAt > sampleWindowEnd) return 'pending';
  if (sampleWindowEnd - shippedAt < 4 * millisecondsPerDay) return 'shipped';
  return random.chance(0.07) ? 'returned' : 'completed';
}

const paymentMethodsByChannel: Record<OrderChannel, readonly (readonly [PaymentMethod, number])[]> = {
  web: [
    ['card', 60],
    ['paypal', 25],
    ['bank_transfer', 8],
    ['gift_card', 7],
  ],
  app: [
    ['card', 55],
    ['paypal', 40],
    ['gift_card', 5],
  ],
  store: [
    ['card', 85],
    ['gift_card', 15],
  ],
};

function payOrder(random: SeededRandom, order: OrderRow, totalCents: number, payments: PaymentRow[]): void {
  const paidAt = (delay: number) => Math.min(sampleWindowEnd, order.orderedAt + delay);
  let method = random.weighted(paymentMethodsByChannel[order.channel]);
  let remaining = totalCents;
  // Part of an order is sometimes paid with a gift card and the rest with the main method.
  if (method !== 'gift_card' && totalCents > 1000 && random.chance(0.06)) {
    const giftCardCents = Math.min(totalCents - 100, random.pick([1000, 2500, 5000]));
    payments.push({
      id: payments.length + 1,
      orderId: order.id,
      method: 'gift_card',
      amountCents: giftCardCents,
      paidAt: paidAt(random.integer(1, 5) * millisecondsPerMinute),
    });
    remaining -= giftCardCents;
  }
  // A bank transfer arrives a day or three later; too late for the window, the customer paid by card.
  let delay = random.integer(1, 15) * millisecondsPerMinute;
  if (method === 'bank_transfer') {
    delay = random.integer(24, 72) * millisecondsPerHour;
    if (order.orderedAt + delay > sampleWindowEnd) method = 'card';
  }
  payments.push({
    id: payments.length + 1,
    orderId: order.id,
    method,
    amountCents: remaining,
    paidAt: paidAt(delay),
  });
}

const quantities: readonly (readonly [number, number])[] = [
  [1, 75],
  [2, 17],
  [3, 6],
  [4, 2],
];

function addItems(
  random: SeededRandom,
  order: OrderRow,
  products: readonly ProductRow[],
  productSampler: WeightedSampler,
  items: OrderItemRow[],
): number {
  let lineCount = 1;
  while (lineCount < 6 && random.chance(0.42)) lineCount += 1;
  const chosen = new Set<number>();
  const promotion = isPromotionDay(order.orderedAt);
  let totalCents = 0;
  for (let line = 0; line < lineCount; line += 1) {
    const product = products[productSampler.sample(random)] as ProductRow;
    if (chosen.has(product.id)) continue;
    chosen.add(product.id);
    const quantity = random.weighted(quantities);
    const rate = promotion && random.chance(0.6) ? 0.2 : random.chance(0.12) ? random.pick([0.1, 0.15]) : 0;
    const discountCents = Math.round(quantity * product.priceCents * rate);
    items.push({
      id: items.length + 1,
      orderId: order.id,
      productId: product.id,
      quantity,
      unitPriceCents: product.priceCents,
      discountCents,
    });
    totalCents += quantity * product.priceCents - discountCents;
  }
  return totalCents;
}

export function generateOrderRows(
  seed: number,
  count: number,
  customers: readonly CustomerRow[],
  stores: readonly StoreRow[],
  products: readonly ProductRow[],
): OrderRows {
  const random = SeededRandom.forStream(seed, 'orders');
  // Popularity is Zipf-like over a shuffled ranking, so best sellers are spread over ids and categories.
  const popularityRanks = random.shuffle(products.map((_, index) => index));
  const popularity = zipfWeights(products.length, 1.05);
  const productSampler = new WeightedSampler(popularityRanks.map((rank) => popularity[rank] ?? 0));
  const orders: OrderRow[] = [];
  const orderItems: OrderItemRow[] = [];
  const payments: PaymentRow[] = [];
  for (const draft of draftOrders(random, customers, count)) {
    let channel = pickChannel(random, draft.orderedAt);
    const store = channel === 'store' ? pickStore(random, stores, draft.customer, draft.orderedAt) : null;
    if (channel === 'store' && store === null) channel = 'web';
    const shippedAt = draft.orderedAt + random.integer(4, 96) * millisecondsPerHour;
    const status = pickStatus(random, shippedAt);
    const order: OrderRow = {
      id: orders.length + 1,
      customerId: draft.customer.id,
      storeId: store?.id ?? null,
      status,
      channel,
      orderedAt: draft.orderedAt,
      shippedAt: status === 'cancelled' || status === 'pending' ? null : shippedAt,
    };
    orders.push(order);
    const totalCents = addItems(random, order, products, productSampler, orderItems);
    if (status !== 'cancelled') payOrder(random, order, totalCents, payments);
  }
  return { orders, orderItems, payments };
}

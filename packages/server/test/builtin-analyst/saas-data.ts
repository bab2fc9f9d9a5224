/** A subscription business's data, generated from a seed: the same rows on every run and machine. */

export interface SaasCustomer {
  readonly id: number;
  readonly name: string;
  readonly country: string;
  /** UTC, ISO. */
  readonly signedUpAt: string;
}

export interface SaasSubscription {
  readonly id: number;
  readonly customerId: number;
  readonly plan: string;
  readonly status: 'active' | 'cancelled' | 'trialing';
  readonly mrr: number;
  readonly startedAt: string;
  readonly cancelledAt: string | null;
}

export interface SaasInvoice {
  readonly id: number;
  readonly subscriptionId: number;
  readonly amount: number;
  readonly issuedAt: string;
  readonly isPaid: boolean;
}

export interface SaasData {
  readonly customers: readonly SaasCustomer[];
  readonly subscriptions: readonly SaasSubscription[];
  readonly invoices: readonly SaasInvoice[];
}

/** mulberry32: small, fast and the same everywhere. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const countries = ['Germany', 'France', 'United States', 'Brazil', 'Japan', 'Netherlands'];
const plans = [
  { name: 'Starter', price: 29 },
  { name: 'Growth', price: 99 },
  { name: 'Scale', price: 299 },
];
const firstNames = [
  'Acme',
  'Blue',
  'Cedar',
  'Delta',
  'Ember',
  'Fjord',
  'Granite',
  'Harbor',
  'Iris',
  'Juniper',
];
const lastNames = ['Labs', 'Works', 'Systems', 'Studio', 'Logistics', 'Health', 'Foods', 'Media'];
const dayMilliseconds = 86_400_000;

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function addMonths(iso: string, months: number): string {
  const date = new Date(iso);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString();
}

/** Customers from 2024 to early 2026, their subscriptions and monthly invoices up to `until`. */
export function generateSaasData(seed: number, until: Date): SaasData {
  const random = seededRandom(seed);
  const start = Date.UTC(2024, 0, 1);
  const span = until.getTime() - 5 * dayMilliseconds - start;
  const customers: SaasCustomer[] = [];
  const subscriptions: SaasSubscription[] = [];
  const invoices: SaasInvoice[] = [];
  for (let id = 1; id <= 240; id += 1) {
    // why: many sign-ups fall in the first hours of a UTC day, which is the evening before in New York.
    const day = Math.floor((random() * span) / dayMilliseconds);
    const hour = random() < 0.4 ? Math.floor(random() * 5) : Math.floor(random() * 24);
    const signedUpAt = new Date(start + day * dayMilliseconds + hour * 3_600_000 + id * 1000).toISOString();
    customers.push({
      id,
      name: `${pick(random, firstNames)} ${pick(random, lastNames)} ${id}`,
      country: pick(random, countries),
      signedUpAt,
    });
    const subscriptionCount = random() < 0.25 ? 2 : 1;
    for (let index = 0; index < subscriptionCount; index += 1) {
      const plan = pick(random, plans);
      const startedAt = new Date(
        Date.parse(signedUpAt) + Math.floor(random() * 20) * dayMilliseconds,
      ).toISOString();
      if (Date.parse(startedAt) >= until.getTime()) continue;
      const roll = random();
      const cancelAt = new Date(Date.parse(startedAt) + (30 + Math.floor(random() * 400)) * dayMilliseconds);
      const isCancelled = roll < 0.35 && cancelAt.getTime() < until.getTime();
      const status = isCancelled ? 'cancelled' : roll > 0.92 ? 'trialing' : 'active';
      const subscription: SaasSubscription = {
        id: subscriptions.length + 1,
        customerId: id,
        plan: plan.name,
        status,
        mrr: plan.price * (1 + Math.floor(random() * 4)),
        startedAt,
        cancelledAt: isCancelled ? cancelAt.toISOString() : null,
      };
      subscriptions.push(subscription);
      if (status === 'trialing') continue;
      const end = isCancelled ? cancelAt.getTime() : until.getTime();
      for (let month = 0; Date.parse(addMonths(startedAt, month)) < end; month += 1) {
        const usage = Math.round(random() * 5000) / 100;
        invoices.push({
          id: invoices.length + 1,
          subscriptionId: subscription.id,
          amount: Math.round((subscription.mrr + usage) * 100) / 100,
          issuedAt: addMonths(startedAt, month),
          isPaid: random() < 0.88,
        });
      }
    }
  }
  return { customers, subscriptions, invoices };
}

/** The local calendar day (`YYYY-MM-DD`) of a UTC instant in a time zone. */
export function localDay(iso: string, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

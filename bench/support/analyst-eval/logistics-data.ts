import {
  SeededRandom,
  WeightedSampler,
  zipfWeights,
} from '../../../packages/server/src/platform/sample-data/seeded-random.js';
import type { CellValue, GeneratedTable } from './duckdb-tables.js';
import { dayMilliseconds, growingDays, sqlTimestamp } from './generated-time.js';
import { weightedChoice } from './weighted-choice.js';

/** The carriers, with their share of the bookings (no two equal, so rankings have one answer). */
const carriers = [
  { name: 'Northwind Freight', mode: 'Road', country: 'Germany', share: 30 },
  { name: 'Rapid Road Logistics', mode: 'Road', country: 'Poland', share: 22 },
  { name: 'SkyBridge Air Cargo', mode: 'Air', country: 'Netherlands', share: 15 },
  { name: 'Blue Anchor Shipping', mode: 'Sea', country: 'Denmark', share: 12 },
  { name: 'Iron Rail Cargo', mode: 'Rail', country: 'Austria', share: 9 },
  { name: 'Alpine Express', mode: 'Road', country: 'Switzerland', share: 6 },
  { name: 'Coastal Lines', mode: 'Sea', country: 'Spain', share: 4 },
  { name: 'Metro Couriers', mode: 'Road', country: 'France', share: 2.5 },
] as const;

const depots = [
  { name: 'Hamburg Port Hub', city: 'Hamburg', country: 'Germany', share: 28 },
  { name: 'Rotterdam Gateway', city: 'Rotterdam', country: 'Netherlands', share: 22 },
  { name: 'Lyon Crossdock', city: 'Lyon', country: 'France', share: 16 },
  { name: 'Milan South', city: 'Milan', country: 'Italy', share: 13 },
  { name: 'Warsaw East', city: 'Warsaw', country: 'Poland', share: 11 },
  { name: 'Madrid Central', city: 'Madrid', country: 'Spain', share: 7 },
] as const;

const destinations: readonly (readonly [country: string, cities: readonly string[], share: number])[] = [
  ['Germany', ['Berlin', 'Munich', 'Cologne'], 30],
  ['France', ['Paris', 'Lyon', 'Marseille'], 20],
  ['Spain', ['Madrid', 'Barcelona', 'Valencia'], 12],
  ['Italy', ['Milan', 'Rome', 'Turin'], 11],
  ['Netherlands', ['Amsterdam', 'Utrecht'], 9],
  ['Poland', ['Warsaw', 'Krakow'], 7],
  ['Belgium', ['Brussels', 'Antwerp'], 5],
  ['Austria', ['Vienna', 'Graz'], 4],
  ['Portugal', ['Lisbon', 'Porto'], 2],
];

const industries = ['Retail', 'Automotive', 'Pharmaceuticals', 'Food & Beverage', 'Electronics', 'Chemicals'];
const namePrefixes = [
  'Adler',
  'Baltic',
  'Cobalt',
  'Danube',
  'Elbe',
  'Falcon',
  'Granit',
  'Helios',
  'Isar',
  'Jura',
  'Kestrel',
  'Linden',
  'Meridian',
  'Nordic',
  'Orion',
  'Pioneer',
];
const nameSuffixes = [
  'Retail',
  'Motors',
  'Pharma',
  'Foods',
  'Devices',
  'Chemie',
  'Trading',
  'Group',
  'Supply',
  'Works',
];

/** Euros per kilogram by transport mode, and the factor of each service level. */
type TransportMode = (typeof carriers)[number]['mode'];
const ratePerKilogram: Record<TransportMode, number> = { Road: 0.18, Rail: 0.12, Sea: 0.08, Air: 0.95 };
const serviceLevels = [
  { name: 'Standard', share: 60, costFactor: 1, transitHours: [30, 100] },
  { name: 'Express', share: 25, costFactor: 1.8, transitHours: [16, 40] },
  { name: 'Economy', share: 15, costFactor: 0.75, transitHours: [72, 200] },
] as const;
const modeTransitFactor: Record<TransportMode, number> = { Road: 1, Rail: 1.4, Sea: 2.6, Air: 0.6 };

/** Shipments from January 2022 up to the day before `dataEnd`, in UTC. */
export const logisticsDataStart = Date.UTC(2022, 0, 1);
export const logisticsDataEnd = Date.UTC(2026, 2, 16);

function customerRows(random: SeededRandom): CellValue[][] {
  const countries = weightedChoice(
    destinations,
    destinations.map(([, , share]) => share),
  );
  return Array.from({ length: 160 }, (_, index) => {
    const [country, cities] = countries.draw(random);
    const name = `${namePrefixes[index % namePrefixes.length]} ${nameSuffixes[Math.floor(index / namePrefixes.length)]}`;
    // why: some customers' sector was never recorded, so "without an industry" has an answer.
    const industry = random.chance(0.1) ? null : random.pick(industries);
    const createdAt = Date.UTC(2019, 0, 1) + random.integer(0, 1000) * dayMilliseconds;
    return [index + 1, name, random.pick(cities), country, industry, sqlTimestamp(createdAt)];
  });
}

/** UTC hours of departure: mostly the working day, with night departures that fall on the next Berlin day. */
const departureHours = new WeightedSampler([
  1, 1, 1, 2, 4, 6, 8, 9, 9, 8, 7, 7, 6, 6, 5, 5, 4, 3, 2, 2, 2, 2, 3, 3,
]);

function shipmentRows(random: SeededRandom): CellValue[][] {
  const carrierChoice = weightedChoice(
    carriers,
    carriers.map((carrier) => carrier.share),
  );
  const depotSampler = new WeightedSampler(depots.map((depot) => depot.share));
  const customerSampler = new WeightedSampler(random.shuffle(zipfWeights(160, 0.8)));
  const serviceChoice = weightedChoice(
    serviceLevels,
    serviceLevels.map((level) => level.share),
  );
  const rows: CellValue[][] = [];
  for (const day of growingDays(random, logisticsDataStart, logisticsDataEnd, 3.2)) {
    const shippedAt = day + departureHours.sample(random) * 3_600_000 + random.integer(0, 3599) * 1000;
    const { item: carrier, index: carrierIndex } = carrierChoice.drawWithIndex(random);
    const service = serviceChoice.draw(random);
    const weight = Math.round(Math.exp(Math.log(5) + random.next() * Math.log(600)) * 10) / 10;
    const cost = Math.round((25 + weight * ratePerKilogram[carrier.mode] * service.costFactor) * 100) / 100;
    const parcels = 1 + Math.min(39, Math.floor(weight / 40) + random.integer(0, 2));
    const isRecent = logisticsDataEnd - shippedAt < 5 * dayMilliseconds;
    const status = isRecent
      ? random.weighted([
          ['In transit', 70],
          ['Held at customs', 10],
          ['Delivered', 20],
        ] as const)
      : random.weighted([
          ['Delivered', 89],
          ['Returned', 6],
          ['Lost', 2],
          ['Held at customs', 3],
        ] as const);
    const [fastest, slowest] = service.transitHours;
    const transitHours = (fastest + random.next() * (slowest - fastest)) * modeTransitFactor[carrier.mode];
    const deliveredAt = status === 'Delivered' ? shippedAt + Math.round(transitHours * 3_600_000) : null;
    const id = rows.length + 1;
    rows.push([
      id,
      `TRK${String(id).padStart(7, '0')}`,
      customerSampler.sample(random) + 1,
      carrierIndex + 1,
      depotSampler.sample(random) + 1,
      status,
      service.name,
      weight,
      parcels,
      cost,
      sqlTimestamp(shippedAt),
      deliveredAt === null ? null : sqlTimestamp(deliveredAt),
    ]);
  }
  return rows;
}

/** The freight forwarder's tables, the same on every run for a seed. */
export function generateLogisticsTables(seed: number): GeneratedTable[] {
  return [
    {
      name: 'carriers',
      columns: [
        ['id', 'INTEGER'],
        ['name', 'VARCHAR'],
        ['transport_mode', 'VARCHAR'],
        ['country', 'VARCHAR'],
      ],
      rows: carriers.map((carrier, index) => [index + 1, carrier.name, carrier.mode, carrier.country]),
    },
    {
      name: 'depots',
      columns: [
        ['id', 'INTEGER'],
        ['name', 'VARCHAR'],
        ['city', 'VARCHAR'],
        ['country', 'VARCHAR'],
      ],
      rows: depots.map((depot, index) => [index + 1, depot.name, depot.city, depot.country]),
    },
    {
      name: 'customers',
      columns: [
        ['id', 'INTEGER'],
        ['name', 'VARCHAR'],
        ['city', 'VARCHAR'],
        ['country', 'VARCHAR'],
        ['industry', 'VARCHAR'],
        ['created_at', 'TIMESTAMP'],
      ],
      rows: customerRows(SeededRandom.forStream(seed, 'customers')),
    },
    {
      name: 'shipments',
      columns: [
        ['id', 'INTEGER'],
        ['tracking_number', 'VARCHAR'],
        ['customer_id', 'INTEGER'],
        ['carrier_id', 'INTEGER'],
        ['depot_id', 'INTEGER'],
        ['status', 'VARCHAR'],
        ['service_level', 'VARCHAR'],
        ['weight_kg', 'DECIMAL(10,1)'],
        ['parcels', 'INTEGER'],
        ['freight_cost', 'DECIMAL(10,2)'],
        ['shipped_at', 'TIMESTAMP'],
        ['delivered_at', 'TIMESTAMP'],
      ],
      rows: shipmentRows(SeededRandom.forStream(seed, 'shipments')),
    },
  ];
}

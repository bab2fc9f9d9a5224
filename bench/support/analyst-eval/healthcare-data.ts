import {
  SeededRandom,
  WeightedSampler,
  zipfWeights,
} from '../../../packages/server/src/platform/sample-data/seeded-random.js';
import type { CellValue, GeneratedTable } from './duckdb-tables.js';
import { dayMilliseconds, growingDays, sqlTimestamp } from './generated-time.js';
import { weightedChoice } from './weighted-choice.js';

const departments = [
  ['Cardiology', 'Main Campus'],
  ['Pediatrics', 'North Clinic'],
  ['Orthopedics', 'Main Campus'],
  ['Dermatology', 'North Clinic'],
  ['Oncology', 'Main Campus'],
  ['General Medicine', 'North Clinic'],
  ['Neurology', 'Main Campus'],
] as const;

const firstNames = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'James',
  'Isabella',
  'Lucas',
  'Mia',
  'Mason',
  'Amelia',
  'Ethan',
  'Harper',
  'Logan',
  'Evelyn',
  'Aiden',
  'Abigail',
  'Caleb',
  'Ella',
  'Owen',
  'Grace',
  'Wyatt',
  'Chloe',
  'Henry',
  'Nora',
  'Jack',
  'Lily',
  'Samuel',
];
const lastNames = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
];
const cities: readonly (readonly [string, number])[] = [
  ['Boston', 35],
  ['Cambridge', 15],
  ['Somerville', 12],
  ['Quincy', 11],
  ['Newton', 10],
  ['Brookline', 9],
  ['Worcester', 7],
];
const insurers: readonly (readonly [string | null, number])[] = [
  // why: uninsured patients have no insurer, so "patients without insurance" has an answer.
  [null, 12],
  ['BlueCross', 30],
  ['Medicare', 22],
  ['Aetna', 20],
  ['Medicaid', 15],
  ['UnitedHealth', 13],
];

const visitTypes = [
  { name: 'checkup', share: 35, fee: [100, 150], minutes: [20, 40] },
  { name: 'consultation', share: 33, fee: [170, 260], minutes: [25, 60] },
  { name: 'emergency', share: 10, fee: [450, 900], minutes: [45, 180] },
  { name: 'telehealth', share: 22, fee: [70, 100], minutes: [10, 25] },
] as const;

const medications: readonly (readonly [name: string, drugClass: string | null, unitCost: number])[] = [
  ['Amoxicillin', 'Antibiotic', 0.6],
  ['Azithromycin', 'Antibiotic', 1.9],
  ['Lisinopril', 'Antihypertensive', 0.3],
  ['Amlodipine', 'Antihypertensive', 0.35],
  ['Metformin', 'Antidiabetic', 0.25],
  ['Atorvastatin', 'Statin', 0.4],
  ['Ibuprofen', 'Analgesic', 0.1],
  ['Sertraline', 'Antidepressant', 0.5],
  ['Omeprazole', 'Proton pump inhibitor', 0.45],
  // why: compounded preparations carry no drug class, so "prescriptions without a class" has an answer.
  ['Compounded hydrocortisone cream', null, 1.2],
  ['Magic mouthwash', null, 0.9],
];

/** Visits from January 2022 to 9 February 2026 (New York), in UTC. */
export const healthcareDataStart = Date.UTC(2022, 0, 1);
export const healthcareDataEnd = Date.UTC(2026, 1, 10);

function patientRows(random: SeededRandom): CellValue[][] {
  const cityChoice = weightedChoice(
    cities.map(([city]) => city),
    cities.map(([, share]) => share),
  );
  const insurerChoice = weightedChoice(
    insurers.map(([insurer]) => insurer),
    insurers.map(([, share]) => share),
  );
  return Array.from({ length: 900 }, (_, index) => {
    const name = `${firstNames[index % firstNames.length]} ${lastNames[Math.floor(index / firstNames.length)]}`;
    const registeredAt =
      Date.UTC(2018, 0, 1) + random.integer(0, 2900) * dayMilliseconds + random.integer(0, 86_399) * 1000;
    return [
      index + 1,
      name,
      random.chance(0.53) ? 'female' : 'male',
      cityChoice.draw(random),
      insurerChoice.draw(random),
      sqlTimestamp(registeredAt),
    ];
  });
}

function doctorRows(random: SeededRandom): CellValue[][] {
  return Array.from({ length: 28 }, (_, index) => {
    const name = `Dr. ${firstNames[(index * 7 + 3) % firstNames.length]} ${lastNames[(index * 11 + 5) % lastNames.length]}`;
    const hiredAt = Date.UTC(2012, 0, 1) + random.integer(0, 3600) * dayMilliseconds;
    return [index + 1, name, (index % departments.length) + 1, new Date(hiredAt).toISOString().slice(0, 10)];
  });
}

/** Clinic hours in New York (07:00 to 20:59), written in UTC as five hours later. */
const clinicHours = new WeightedSampler([3, 8, 9, 9, 8, 5, 6, 8, 8, 7, 6, 5, 4, 3]);

function visitAndPrescriptionRows(random: SeededRandom): {
  visits: CellValue[][];
  prescriptions: CellValue[][];
} {
  const patientSampler = new WeightedSampler(random.shuffle(zipfWeights(900, 0.6)));
  const doctorSampler = new WeightedSampler(random.shuffle(zipfWeights(28, 0.5)));
  const typeChoice = weightedChoice(
    visitTypes,
    visitTypes.map((type) => type.share),
  );
  const medicationChoice = weightedChoice(medications, random.shuffle(zipfWeights(medications.length, 0.7)));
  const visits: CellValue[][] = [];
  const prescriptions: CellValue[][] = [];
  for (const day of growingDays(random, healthcareDataStart, healthcareDataEnd, 6)) {
    const localHour = 7 + clinicHours.sample(random);
    const scheduledAt = day + (localHour + 5) * 3_600_000 + random.integer(0, 3) * 15 * 60_000;
    const type = typeChoice.draw(random);
    const status = random.weighted([
      ['completed', 82],
      ['cancelled', 10],
      ['no_show', 8],
    ] as const);
    const isCompleted = status === 'completed';
    const [lowestFee, highestFee] = type.fee;
    const [shortest, longest] = type.minutes;
    const minutes = random.integer(shortest, longest);
    const fee = Math.round((lowestFee + random.next() * (highestFee - lowestFee)) * 100) / 100;
    const visitId = visits.length + 1;
    visits.push([
      visitId,
      patientSampler.sample(random) + 1,
      doctorSampler.sample(random) + 1,
      type.name,
      status,
      sqlTimestamp(scheduledAt),
      isCompleted ? minutes : null,
      isCompleted ? fee : null,
    ]);
    if (!isCompleted) continue;
    const count = random.weighted([
      [0, 30],
      [1, 55],
      [2, 15],
    ] as const);
    for (let index = 0; index < count; index += 1) {
      const [medication, drugClass, unitCost] = medicationChoice.draw(random);
      const quantity = random.pick([14, 28, 30, 60, 90]);
      prescriptions.push([
        prescriptions.length + 1,
        visitId,
        medication,
        drugClass,
        quantity,
        Math.round((4 + quantity * unitCost) * 100) / 100,
        sqlTimestamp(scheduledAt + minutes * 60_000),
      ]);
    }
  }
  return { visits, prescriptions };
}

/** The clinic group's tables, the same on every run for a seed. */
export function generateHealthcareTables(seed: number): GeneratedTable[] {
  const { visits, prescriptions } = visitAndPrescriptionRows(SeededRandom.forStream(seed, 'visits'));
  return [
    {
      name: 'departments',
      columns: [
        ['id', 'INTEGER'],
        ['name', 'VARCHAR'],
        ['campus', 'VARCHAR'],
      ],
      rows: departments.map(([name, campus], index) => [index + 1, name, campus]),
    },
    {
      name: 'doctors',
      columns: [
        ['id', 'INTEGER'],
        ['full_name', 'VARCHAR'],
        ['department_id', 'INTEGER'],
        ['hired_at', 'DATE'],
      ],
      rows: doctorRows(SeededRandom.forStream(seed, 'doctors')),
    },
    {
      name: 'patients',
      columns: [
        ['id', 'INTEGER'],
        ['full_name', 'VARCHAR'],
        ['sex', 'VARCHAR'],
        ['city', 'VARCHAR'],
        ['insurer', 'VARCHAR'],
        ['registered_at', 'TIMESTAMP'],
      ],
      rows: patientRows(SeededRandom.forStream(seed, 'patients')),
    },
    {
      name: 'visits',
      columns: [
        ['id', 'INTEGER'],
        ['patient_id', 'INTEGER'],
        ['doctor_id', 'INTEGER'],
        ['visit_type', 'VARCHAR'],
        ['status', 'VARCHAR'],
        ['scheduled_at', 'TIMESTAMP'],
        ['duration_minutes', 'INTEGER'],
        ['fee', 'DECIMAL(10,2)'],
      ],
      rows: visits,
    },
    {
      name: 'prescriptions',
      columns: [
        ['id', 'INTEGER'],
        ['visit_id', 'INTEGER'],
        ['medication', 'VARCHAR'],
        ['drug_class', 'VARCHAR'],
        ['quantity', 'INTEGER'],
        ['cost', 'DECIMAL(10,2)'],
        ['prescribed_at', 'TIMESTAMP'],
      ],
      rows: prescriptions,
    },
  ];
}

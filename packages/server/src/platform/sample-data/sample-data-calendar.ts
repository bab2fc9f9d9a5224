import { type SeededRandom, WeightedSampler } from './seeded-random.js';

/**
 * The three years the sample data covers. The end is fixed rather than "now" so that a data set generated
 * today and one generated next year are identical, and documented answers stay true.
 */
export const sampleWindowStart = Date.UTC(2023, 6, 1);
export const sampleWindowEnd = Date.UTC(2026, 5, 30, 23, 59, 59, 999);

export const millisecondsPerMinute = 60_000;
export const millisecondsPerHour = 3_600_000;
export const millisecondsPerDay = 86_400_000;

export const sampleWindowDays = Math.round((sampleWindowEnd + 1 - sampleWindowStart) / millisecondsPerDay);

/** Yearly growth of order volume: the business grows, so later months carry more orders. */
const yearlyGrowth = 1.35;

/** Sunday first, as Date.getUTCDay(): online shops sell more at weekends. */
const weekdayFactors = [1.3, 0.9, 0.88, 0.92, 0.97, 1.08, 1.25];

/** January first: a post-holiday dip, a summer lull and a strong fourth quarter. */
const monthFactors = [0.8, 0.78, 0.92, 0.95, 1.0, 0.96, 0.9, 0.93, 1.0, 1.08, 1.45, 1.7];

/** Hour of day (UTC, treated as local): quiet nights, a lunch bump and an evening peak. */
const hourWeights = [
  0.3, 0.2, 0.15, 0.1, 0.1, 0.15, 0.3, 0.6, 0.9, 1.0, 1.1, 1.2, 1.4, 1.3, 1.1, 1.1, 1.2, 1.3, 1.5, 1.8, 1.9,
  1.7, 1.2, 0.6,
];

function isBlackFridayWeek(day: Date): boolean {
  // The fourth Thursday of November and the four days after it (Black Friday to Cyber Monday).
  if (day.getUTCMonth() !== 10) return false;
  const firstWeekday = new Date(Date.UTC(day.getUTCFullYear(), 10, 1)).getUTCDay();
  const thanksgiving = 1 + ((4 - firstWeekday + 7) % 7) + 21;
  const date = day.getUTCDate();
  return date >= thanksgiving && date <= thanksgiving + 4;
}

/** Relative order volume of each day of the window (growth × weekday × month × promotions). */
export function dailyOrderWeights(): number[] {
  return Array.from({ length: sampleWindowDays }, (_, dayIndex) => {
    const day = new Date(sampleWindowStart + dayIndex * millisecondsPerDay);
    const growth = yearlyGrowth ** (dayIndex / 365);
    const weekday = weekdayFactors[day.getUTCDay()] ?? 1;
    const month = monthFactors[day.getUTCMonth()] ?? 1;
    const promotion = isBlackFridayWeek(day) ? 2.2 : 1;
    return growth * weekday * month * promotion;
  });
}

export function isPromotionDay(instant: number): boolean {
  return isBlackFridayWeek(new Date(instant));
}

const hourSampler = new WeightedSampler(hourWeights);

/** An instant within the given day of the window, following the hour-of-day profile. */
export function instantWithinDay(random: SeededRandom, dayIndex: number): number {
  const hour = hourSampler.sample(random);
  const minute = random.integer(0, 59);
  const second = random.integer(0, 59);
  return (
    sampleWindowStart +
    dayIndex * millisecondsPerDay +
    hour * millisecondsPerHour +
    minute * millisecondsPerMinute +
    second * 1000
  );
}

export function dayIndexOf(instant: number): number {
  return Math.max(0, Math.floor((instant - sampleWindowStart) / millisecondsPerDay));
}

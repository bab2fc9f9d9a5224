import { describe, expect, it } from 'vitest';
import { humanReadableSchedule } from '../../src/modules/notifications/human-readable-schedule.js';

describe('humanReadableSchedule', () => {
  it.each([
    ['0 9 * * 1', 'Europe/Berlin', 'Every Monday at 09:00 Europe/Berlin'],
    ['0 9 * * MON', 'Europe/Berlin', 'Every Monday at 09:00 Europe/Berlin'],
    ['30 7 * * *', 'UTC', 'Every day at 07:30 UTC'],
    ['0 8 * * 1-5', 'America/New_York', 'Every weekday at 08:00 America/New_York'],
    ['0 8 * * MON-FRI', 'America/New_York', 'Every weekday at 08:00 America/New_York'],
    ['0 18 * * 4,1', 'UTC', 'Every Monday and Thursday at 18:00 UTC'],
    ['0 10 * * 0,6', 'UTC', 'Every Sunday and Saturday at 10:00 UTC'],
    ['0 10 * * 7', 'UTC', 'Every Sunday at 10:00 UTC'],
    ['*/15 * * * *', 'UTC', 'Every 15 minutes UTC'],
    ['* * * * *', 'UTC', 'Every minute UTC'],
    ['5 * * * *', 'UTC', 'Every hour at :05 UTC'],
    ['0 */6 * * *', 'Asia/Tokyo', 'Every 6 hours at :00 Asia/Tokyo'],
    ['0 6 1 * *', 'Europe/Paris', 'On day 1 of every month at 06:00 Europe/Paris'],
  ])('%s in %s reads "%s"', (expression, timezone, words) => {
    expect(humanReadableSchedule(expression, timezone)).toBe(words);
  });

  it.each([
    ['0 9 1 1 *', 'UTC'],
    ['0 9 1 * 1', 'UTC'],
    ['0 9-17 * * *', 'UTC'],
    ['0,30 9 * * *', 'UTC'],
    ['0 9 * * 1-3', 'Europe/Berlin'],
    ['0 9 L * *', 'UTC'],
  ])('says "%s" as cron where words would not be exact', (expression, timezone) => {
    expect(humanReadableSchedule(expression, timezone)).toBe(`Cron ${expression} (${timezone})`);
  });
});

import { Cron } from 'croner';
import { AppError } from '../../errors/app-error.js';

const fields = [
  { name: 'minute', croner: 'minute', range: '0-59' },
  { name: 'hour', croner: 'hour', range: '0-23' },
  { name: 'day-of-month', croner: 'day', range: '1-31' },
  { name: 'month', croner: 'month', range: '1-12 or JAN-DEC' },
  { name: 'day-of-week', croner: 'dayOfWeek', range: '0-7 or SUN-SAT' },
] as const;

/** The field croner names in its error, by its own name or by its position ("configuration entry N"). */
function fieldOfCronerError(message: string): (typeof fields)[number] | undefined {
  const entry = /configuration entry (\d)/.exec(message);
  if (entry) return fields[Number(entry[1]) - 1];
  return fields.find((field) => new RegExp(`for ${field.croner}\\b`).test(message));
}

/**
 * A notification's schedule: a 5-field cron expression read in an IANA time zone. Daylight-saving changes
 * follow croner: a local time the spring change skips runs once, at the first minute after the gap (02:30
 * on a 02:00→03:00 day runs at 03:00); a local time the autumn change repeats runs once, the first time.
 */
export class NotificationSchedule {
  private constructor(
    readonly expression: string,
    readonly timezone: string,
    private readonly cron: Cron,
  ) {}

  /** Checks each field and the time zone; a 400 names what is wrong and its range. */
  static parse(expression: string, timezone: string): NotificationSchedule {
    const parts = expression.trim().split(/\s+/);
    if (parts.length !== 5) {
      throw new AppError(
        'BAD_REQUEST',
        `schedule: a cron expression has 5 fields (minute hour day-of-month month day-of-week), this one has ${parts.length}`,
      );
    }
    let cron: Cron;
    try {
      cron = new Cron(parts.join(' '), { timezone, paused: true, mode: '5-part' });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const field = fieldOfCronerError(message);
      if (!field) throw new AppError('BAD_REQUEST', `schedule: ${message.replace(/^CronPattern: /, '')}`);
      const value = parts[fields.indexOf(field)];
      throw new AppError(
        'BAD_REQUEST',
        `schedule: the ${field.name} field "${value}" is not valid (allowed: ${field.range}, lists, ranges and steps)`,
      );
    }
    const schedule = new NotificationSchedule(parts.join(' '), timezone, cron);
    try {
      if (schedule.nextAfter(new Date()) === null) {
        throw new AppError('BAD_REQUEST', `schedule: "${schedule.expression}" never runs`);
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('BAD_REQUEST', `timezone: "${timezone}" is not an IANA time zone`);
    }
    return schedule;
  }

  /** The first run strictly after `after` (to the minute), or null when the expression never runs again. */
  nextAfter(after: Date): Date | null {
    return this.cron.nextRun(after);
  }
}

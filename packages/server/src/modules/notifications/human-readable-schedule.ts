const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const dayAbbreviations = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** A plain number within bounds, or null (a list, range, step or name is not one). */
function numberIn(field: string, minimum: number, maximum: number): number | null {
  if (!/^\d{1,2}$/.test(field)) return null;
  const value = Number(field);
  return value >= minimum && value <= maximum ? value : null;
}

/** A day of the week (0-7, 7 being Sunday again, or SUN-SAT), or null. */
function dayOf(field: string): number | null {
  const named = dayAbbreviations.indexOf(field.toUpperCase());
  if (named !== -1) return named;
  const day = numberIn(field, 0, 7);
  return day === null ? null : day % 7;
}

/** The days a day-of-week field names as words ("Monday and Thursday", "weekday"), or null. */
function daysOf(field: string): string | null {
  if (/^(1-5|MON-FRI)$/i.test(field)) return 'weekday';
  const days = field.split(',').map(dayOf);
  if (days.some((day) => day === null)) return null;
  const names = [...new Set(days as number[])].sort().map((day) => dayNames[day] as string);
  if (names.length === 1) return names[0] as string;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A 5-field cron expression in words, with its time zone: "Every Monday at 09:00 Europe/Berlin". The common
 * shapes only (daily, weekly, weekdays, monthly on one day, every N minutes, hourly); anything else reads
 * "Cron <expression> (<time zone>)", which is still exact.
 */
export function humanReadableSchedule(expression: string, timezone: string): string {
  const fields = expression.trim().split(/\s+/);
  const fallback = `Cron ${fields.join(' ')} (${timezone})`;
  if (fields.length !== 5) return fallback;
  const [minuteField, hourField, dayOfMonthField, monthField, dayOfWeekField] = fields as [
    string,
    string,
    string,
    string,
    string,
  ];
  if (monthField !== '*') return fallback;
  const minute = numberIn(minuteField, 0, 59);
  const hour = numberIn(hourField, 0, 23);
  const everyDay = dayOfMonthField === '*' && dayOfWeekField === '*';
  if (everyDay && hourField === '*') {
    if (minuteField === '*') return `Every minute ${timezone}`;
    const step = /^\*\/(\d{1,2})$/.exec(minuteField);
    if (step) return `Every ${Number(step[1])} minutes ${timezone}`;
    if (minute !== null) return `Every hour at :${twoDigits(minute)} ${timezone}`;
    return fallback;
  }
  if (minute === null) return fallback;
  const hourStep = /^\*\/(\d{1,2})$/.exec(hourField);
  if (everyDay && hourStep) return `Every ${Number(hourStep[1])} hours at :${twoDigits(minute)} ${timezone}`;
  if (hour === null) return fallback;
  const time = `${twoDigits(hour)}:${twoDigits(minute)} ${timezone}`;
  if (everyDay) return `Every day at ${time}`;
  if (dayOfMonthField === '*') {
    const days = daysOf(dayOfWeekField);
    return days === null ? fallback : `Every ${days} at ${time}`;
  }
  const dayOfMonth = numberIn(dayOfMonthField, 1, 31);
  if (dayOfWeekField === '*' && dayOfMonth !== null) return `On day ${dayOfMonth} of every month at ${time}`;
  return fallback;
}

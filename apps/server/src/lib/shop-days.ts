import { sql } from 'drizzle-orm';
import { HttpError } from './errors';

/** The shop's days are India's: a date range means whole days in Asia/Kolkata. */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';

/** The start of a YYYY-MM-DD day in the shop's time zone, as a timestamptz expression. */
export const dayStart = (date: string, plusDays = 0) =>
  sql`((${date}::date + ${plusDays}::int)::timestamp at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)})`;

/** A real calendar day (the query schema checks only the shape: 2026-02-31 passes it). */
export function checkDay(value: string | undefined, field: 'from' | 'to') {
  if (value === undefined) return;
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value)
    throw new HttpError(
      400,
      `Invalid querystring: ${field}: Not a calendar date`,
      {
        [field]: 'Not a calendar date',
      },
      'invalid_input',
    );
}

/** A from–to range of real days whose end is not before its start (either may be left out). */
export function checkRange(from: string | undefined, to: string | undefined) {
  checkDay(from, 'from');
  checkDay(to, 'to');
  if (from && to && from > to)
    throw new HttpError(
      400,
      'Invalid querystring: to: The end date is before the start date',
      { to: 'The end date is before the start date' },
      'invalid_input',
    );
}

/** The shop's day (Asia/Kolkata) as YYYY-MM-DD, e.g. for an export's file name. */
export const shopDate = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(now);

import { formatLongDate } from '@/lib/format-date';

/** en-IN long date ('5 March 2025'); the raw text when it is not a date. */
export function formatOrderDate(iso: string): string {
  return formatLongDate(iso) ?? iso;
}

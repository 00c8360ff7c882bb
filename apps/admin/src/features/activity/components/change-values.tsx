import { formatPaise } from '@store/contracts/money';
import { orderStatusLabel } from '@store/contracts/order-rules';
import { formatDateTime } from '@/lib/format';

/** The log's field names as the owner says them: amountPaise → Amount, needsRefund → Needs refund. */
export function fieldName(key: string): string {
  const words = key
    .replace(/Paise$/, '')
    .replace(/Bp$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A value from the log as people read it: money in rupees (fields named …Paise), an order's
 * status by name, a GST rate in percent (…Bp), yes/no, times in India's time, lists and records
 * in words; text as is.
 */
export function show(value: unknown, key = ''): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') {
    if (/Paise$/.test(key)) return formatPaise(value);
    if (/Bp$/.test(key)) return `${value / 100}%`;
    if (key === 'status') return orderStatusLabel(value);
    return value.toLocaleString('en-IN');
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string')
    return ISO_TIME.test(value) ? formatDateTime(value) : value || '""';
  if (Array.isArray(value))
    return value.length === 0 ? 'none' : value.map((v) => show(v, key)).join(', ');
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${fieldName(k)}: ${show(v, k)}`)
      .join('; ');
  return String(value);
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Before and after of one change: field by field when both are records, else the two values. */
export function ChangeValues({ before, after }: { before: unknown; after: unknown }) {
  if (before == null && after == null) return null;
  const b = isRecord(before) ? before : before == null ? {} : null;
  const a = isRecord(after) ? after : after == null ? {} : null;
  if (!b || !a) {
    return (
      <p className="text-xs">
        {show(before)} → {show(after)}
      </p>
    );
  }
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  // overflow-wrap: anywhere (not break-word) lets long lists and slugs shrink the table's
  // minimum width, so an entry fits a phone instead of widening the page
  return (
    <table className="mt-1 w-full text-xs">
      <thead className="sr-only">
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key} className="align-top">
            <th scope="row" className="pr-2 text-left font-medium">
              {fieldName(key)}
            </th>
            <td className="max-w-xs pr-2 text-muted-foreground line-through decoration-1 [overflow-wrap:anywhere]">
              {key in b ? show(b[key], key) : '—'}
            </td>
            <td className="max-w-xs [overflow-wrap:anywhere]">
              {key in a ? show(a[key], key) : '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

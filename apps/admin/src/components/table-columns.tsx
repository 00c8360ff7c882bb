// The columns the back office's lists share, so a list of orders, returns or reviews draws an id,
// a date, a customer or an amount the same way.
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatPaise } from '@store/contracts/money';
import { formatDateTime } from '@/lib/format';

/** The keys of T whose values are V. */
type KeyOf<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T] & string;

/** A code (an order or return number) as a link to its page; the row's own in the primary colour. */
export function codeLinkColumn<T>(
  header: string,
  key: KeyOf<T, string>,
  href: (row: T) => string,
  { primary = true }: { primary?: boolean } = {},
): ColumnDef<T, unknown> {
  return {
    header,
    id: key,
    accessorFn: (row) => row[key],
    cell: ({ row }) => (
      <Link
        to={href(row.original)}
        className={
          primary
            ? 'font-mono font-medium text-primary underline-offset-2 hover:underline'
            : 'font-mono underline-offset-2 hover:underline'
        }
      >
        {String(row.original[key])}
      </Link>
    ),
  };
}

/** A value drawn by `format` on one line (a date or an amount must not wrap in a narrow cell). */
function oneLineColumn<T, V>(
  header: string,
  key: KeyOf<T, V>,
  format: (value: V) => string,
): ColumnDef<T, unknown> {
  return {
    header,
    id: key,
    accessorFn: (row) => row[key],
    cell: ({ row }) => <span className="whitespace-nowrap">{format(row.original[key] as V)}</span>,
  };
}

/** A date and time on one line. */
export const dateTimeColumn = <T,>(header: string, key: KeyOf<T, string>) =>
  oneLineColumn<T, string>(header, key, formatDateTime);

/** An amount in paise, as rupees on one line. */
export const moneyColumn = <T,>(header: string, key: KeyOf<T, number>) =>
  oneLineColumn<T, number>(header, key, formatPaise);

/** The customer's name with their e-mail under it. */
export function customerColumn<
  T extends { customerName: string; contactEmail: string },
>(): ColumnDef<T, unknown> {
  return {
    header: 'Customer',
    id: 'customerName',
    accessorFn: (row) => row.customerName,
    cell: ({ row }) => (
      <div>
        <div>{row.original.customerName}</div>
        <div className="text-xs text-muted-foreground">{row.original.contactEmail}</div>
      </div>
    ),
  };
}

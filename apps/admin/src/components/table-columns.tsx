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

/** A date and time on one line. */
export function dateTimeColumn<T>(header: string, key: KeyOf<T, string>): ColumnDef<T, unknown> {
  return {
    header,
    id: key,
    accessorFn: (row) => row[key],
    cell: ({ row }) => (
      <span className="whitespace-nowrap">{formatDateTime(String(row.original[key]))}</span>
    ),
  };
}

/** An amount in paise, as rupees on one line. */
export function moneyColumn<T>(header: string, key: KeyOf<T, number>): ColumnDef<T, unknown> {
  return {
    header,
    id: key,
    accessorFn: (row) => row[key],
    cell: ({ row }) => (
      <span className="whitespace-nowrap">{formatPaise(Number(row.original[key]))}</span>
    ),
  };
}

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

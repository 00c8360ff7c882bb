import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable, type DataTableProps } from './data-table';
import { QueryState } from './query-state';

/** One page of a list as GET /admin/<list> answers it (contracts' pageOf). */
export interface PageOfRows<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
}

export interface PagedTableProps<T, P extends PageOfRows<T>> extends Omit<
  DataTableProps<T>,
  'data' | 'total' | 'page' | 'limit' | 'fetching'
> {
  /** the list's query: its loading and error states, then its page of rows */
  query: UseQueryResult<P>;
  /** what the page says above the table (counts, export buttons), from the same answer */
  above?: (page: P) => ReactNode;
  /** marks the rows stale while another page loads; the query's placeholder data by default */
  fetching?: boolean;
}

/**
 * A back-office list: the query's loading and error states, then the server-paged table of its
 * page. Every list screen (orders, returns, products…) draws its table through this one.
 */
export function PagedTable<T, P extends PageOfRows<T>>({
  query,
  above,
  fetching,
  ...table
}: PagedTableProps<T, P>) {
  return (
    <QueryState query={query}>
      {(list) => (
        <>
          {above?.(list)}
          <DataTable
            {...table}
            data={list.data}
            total={list.total}
            page={list.page}
            limit={list.limit}
            fetching={fetching ?? query.isPlaceholderData}
          />
        </>
      )}
    </QueryState>
  );
}

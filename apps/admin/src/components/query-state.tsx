import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';

/** Loading and error states of a query, then its data. */
export function QueryState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading…
      </p>
    );
  if (query.isError)
    return (
      <p role="alert" className="text-sm font-medium text-destructive">
        {errorMessage(query.error)}
      </p>
    );
  return children(query.data);
}

import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { lastPage } from '@store/contracts/paging';
import { Button } from '@store/ui/button';

export interface DataTableProps<T> {
  /** names the table for screen readers */
  caption: string;
  columns: ColumnDef<T, unknown>[];
  data: T[];
  total: number;
  page: number;
  limit: number;
  onPageChange: (page: number) => void;
  /** shown when no row matched */
  empty: string;
  /** true while the next page loads (the current rows stay) */
  fetching?: boolean;
}

/**
 * A server-paged table (TanStack Table): the API filters and pages in SQL, so the table renders
 * one page and asks for another through onPageChange (which writes the URL).
 */
export function DataTable<T>({
  caption,
  columns,
  data,
  total,
  page,
  limit,
  onPageChange,
  empty,
  fetching,
}: DataTableProps<T>) {
  const pageCount = lastPage(total, limit);
  const table = useReactTable({
    data,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    pageCount,
  });
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);

  return (
    <div>
      {/* a focusable region: on a phone the table scrolls sideways, and keyboards must reach it
          even when no row has a link (axe scrollable-region-focusable) */}
      <div
        role="region"
        aria-label={caption}
        tabIndex={0}
        className="relative overflow-x-auto rounded-lg border border-border bg-card"
      >
        <table className="w-full text-left text-sm" aria-busy={fetching || undefined}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th
                    key={header.id}
                    scope="col"
                    className="whitespace-nowrap px-3 py-2 font-semibold"
                  >
                    {header.isPlaceholder
                      ? null
                      : flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-t border-border">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2 align-top">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
            {data.length === 0 ? (
              <tr>
                <td
                  colSpan={columns.length}
                  className="px-3 py-6 text-center text-muted-foreground"
                >
                  {empty}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <nav
        aria-label={`${caption} pages`}
        className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm"
      >
        <p className="text-muted-foreground" aria-live="polite">
          {total === 0 ? 'No results' : `${first}–${last} of ${total}`}
        </p>
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            Previous
          </Button>
          <span>
            Page {page} of {pageCount}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            Next
          </Button>
        </div>
      </nav>
    </div>
  );
}

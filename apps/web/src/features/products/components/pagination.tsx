import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageCount } from '@store/contracts/paging';
import { Button } from '@store/ui/button';
import { paginationWindow, showingText } from '../lib/listing';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** the server's page count when it caps deep pages (MAX_RESULT_WINDOW); else from total */
  totalPages?: number;
  onPageChange: (page: number) => void;
}

/** Shown only when there is more than one page. */
export function Pagination({
  page,
  pageSize,
  total,
  totalPages: pages,
  onPageChange,
}: PaginationProps) {
  const totalPages = pages ?? pageCount(total, pageSize);
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-col items-center gap-3">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
        </li>
        {paginationWindow(page, totalPages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Button
                variant={item === page ? 'default' : 'outline'}
                size="sm"
                className="min-w-9"
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={() => onPageChange(item)}
              >
                {item}
              </Button>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="px-2 text-muted-foreground">
              …
            </li>
          ),
        )}
        <li>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= totalPages}
            onClick={() => onPageChange(page + 1)}
          >
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </li>
      </ul>
      <p className="text-sm text-muted-foreground">{showingText(page, pageSize, total)}</p>
    </nav>
  );
}

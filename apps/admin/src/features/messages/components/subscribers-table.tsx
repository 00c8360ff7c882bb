import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { Download } from 'lucide-react';
import { Button } from '@store/ui/button';
import { toast } from '@store/ui/toast';
import { adminSubscriberListQuerySchema, type Subscriber } from '@store/contracts/admin/messages';
import { PagedTable } from '@/components/paged-table';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useUrlQuery } from '@/lib/url-query';
import { downloadSubscribers, useSubscribers } from '../api/messages';

const columns: ColumnDef<Subscriber, unknown>[] = [
  { header: 'Email', accessorKey: 'email' },
  {
    header: 'Consent given',
    accessorKey: 'consentedAt',
    cell: ({ row }) => formatDateTime(row.original.consentedAt),
  },
  {
    header: 'Confirmed',
    accessorKey: 'confirmedAt',
    cell: ({ row }) => formatDateTime(row.original.confirmedAt),
  },
];

/**
 * The newsletter's confirmed subscribers (double opt-in), with when each consented, and the list
 * as CSV for a mailing tool (each row with its own unsubscribe link).
 */
export function SubscribersTable({
  download = downloadSubscribers,
}: {
  download?: () => Promise<string>;
}) {
  const [query, update] = useUrlQuery(adminSubscriberListQuerySchema);
  const subscribers = useSubscribers(query);
  const [exporting, setExporting] = useState(false);
  const onExport = async () => {
    setExporting(true);
    try {
      toast.success(`Downloaded ${await download()}`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <PagedTable
        query={subscribers}
        above={(data) => (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">
              {data.total} confirmed {data.total === 1 ? 'subscriber' : 'subscribers'}
              {data.awaitingConfirmation
                ? `; ${data.awaitingConfirmation} signed up but not yet confirmed (not listed: they get nothing until they confirm).`
                : '.'}
            </p>
            <Button variant="outline" onClick={() => void onExport()} disabled={exporting}>
              <Download aria-hidden="true" />
              {exporting ? 'Exporting…' : 'Export CSV'}
            </Button>
          </div>
        )}
        caption="Newsletter subscribers"
        columns={columns}
        onPageChange={(page) => update({ page })}
        fetching={subscribers.isFetching}
        empty="No confirmed subscribers yet."
      />
    </div>
  );
}

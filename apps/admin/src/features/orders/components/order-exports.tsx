import { useState } from 'react';
import type { AdminOrderExportQuery } from '@store/contracts/admin/orders';
import { Button } from '@store/ui/button';
import { toast } from '@store/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

type Export = 'orders' | 'gst';

/**
 * The books as CSV: the orders the filters above match, and the GST of the invoices and credit
 * notes issued in the same dates (this month when none are set), for the accountant.
 */
export function OrderExports({ query }: { query: AdminOrderExportQuery }) {
  const [busy, setBusy] = useState<Export | null>(null);
  const run = async (which: Export) => {
    setBusy(which);
    try {
      const name =
        which === 'orders'
          ? await downloadFile('/orders/export.csv', {
              accept: 'text/csv',
              fallbackName: 'orders.csv',
              query: {
                q: query.q,
                status: query.status,
                cod: query.cod,
                from: query.from,
                to: query.to,
              },
            })
          : await downloadFile('/reports/gst.csv', {
              accept: 'text/csv',
              fallbackName: 'gst-summary.csv',
              query: { from: query.from, to: query.to },
            });
      toast.success(`Downloaded ${name}`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div role="group" aria-label="Export" className="flex flex-wrap items-center gap-2">
      <Button variant="outline" disabled={busy !== null} onClick={() => void run('orders')}>
        {busy === 'orders' ? 'Exporting…' : 'Export orders (CSV)'}
      </Button>
      <Button variant="outline" disabled={busy !== null} onClick={() => void run('gst')}>
        {busy === 'gst' ? 'Exporting…' : 'GST summary (CSV)'}
      </Button>
      <p className="text-xs text-muted-foreground">
        Orders as filtered above; GST of the invoices and credit notes issued in the dates above
        (this month when none are set).
      </p>
    </div>
  );
}

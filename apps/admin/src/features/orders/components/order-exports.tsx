import { useState } from 'react';
import type { AdminOrderExportQuery } from '@store/contracts/admin/orders';
import { shopMonth } from '@store/contracts/admin/gstr1';
import { Button } from '@store/ui/button';
import { Input } from '@store/ui/input';
import { Label } from '@store/ui/label';
import { toast } from '@store/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

type Export = 'orders' | 'gst' | 'gstr1.json' | 'gstr1.csv';

/**
 * The books as CSV: the orders the filters above match, and the GST of the invoices and credit
 * notes issued in the same dates (this month when none are set), for the accountant; and GSTR-1
 * of a month (the month of the start date above, else this one) for the GST portal.
 */
export function OrderExports({ query }: { query: AdminOrderExportQuery }) {
  const [busy, setBusy] = useState<Export | null>(null);
  const [month, setMonth] = useState(() => query.from?.slice(0, 7) ?? shopMonth());
  const run = async (which: Export) => {
    setBusy(which);
    try {
      const name =
        which === 'gstr1.json' || which === 'gstr1.csv'
          ? await downloadFile(`/reports/${which}`, {
              accept: which === 'gstr1.json' ? 'application/json' : 'text/csv',
              fallbackName: `gstr1-${month}.${which.slice(6)}`,
              query: { month },
            })
          : which === 'orders'
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
      <div role="group" aria-label="GSTR-1" className="flex flex-wrap items-center gap-2">
        <Label htmlFor="gstr1-month">GSTR-1 month</Label>
        <Input
          id="gstr1-month"
          type="month"
          className="w-40"
          value={month}
          max={shopMonth()}
          onChange={(e) => setMonth(e.target.value)}
        />
        <Button
          variant="outline"
          disabled={busy !== null || !month}
          onClick={() => void run('gstr1.json')}
        >
          {busy === 'gstr1.json' ? 'Exporting…' : 'GSTR-1 (JSON)'}
        </Button>
        <Button
          variant="outline"
          disabled={busy !== null || !month}
          onClick={() => void run('gstr1.csv')}
        >
          {busy === 'gstr1.csv' ? 'Exporting…' : 'GSTR-1 (CSV)'}
        </Button>
      </div>
    </div>
  );
}

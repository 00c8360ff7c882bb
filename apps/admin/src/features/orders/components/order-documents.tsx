import { useState } from 'react';
import type { AdminOrderDetail } from '@store/contracts/admin/orders';
import { formatPaise } from '@store/contracts/money';
import { Button } from '@store/ui/button';
import { toast } from '@store/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { formatDateTime } from '@/lib/format';
import { downloadOrderDocument } from '../api/download-document';

type OrderDocument = NonNullable<AdminOrderDetail['documents']>[number];

const kindLabel: Record<OrderDocument['kind'], string> = {
  invoice: 'Tax invoice',
  credit_note: 'Credit note',
};

/** The order's tax invoice and credit notes, each downloadable as the PDF the buyer got. */
export function OrderDocuments({
  orderId,
  documents,
}: {
  orderId: string;
  documents: readonly OrderDocument[];
}) {
  const [pending, setPending] = useState<string | null>(null);
  if (documents.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        The tax invoice is issued when the order is paid (cash on delivery: when it is shipped).
      </p>
    );

  const download = async (doc: OrderDocument) => {
    setPending(doc.id);
    try {
      await downloadOrderDocument(orderId, doc);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(null);
    }
  };

  return (
    <ul className="divide-y divide-border text-sm">
      {documents.map((doc) => (
        <li key={doc.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
          <span>
            <span className="font-medium">
              {kindLabel[doc.kind]} {doc.number}
            </span>
            <span className="block text-xs text-muted-foreground">
              {formatDateTime(doc.issuedAt)} · {formatPaise(doc.totalPaise)}
            </span>
          </span>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={pending === doc.id}
            aria-busy={pending === doc.id}
            onClick={() => void download(doc)}
          >
            {pending === doc.id ? 'Downloading…' : 'Download PDF'}
            <span className="sr-only">
              {' '}
              of {kindLabel[doc.kind].toLowerCase()} {doc.number}
            </span>
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** The packing slip: ship-to and items with tick boxes, for whoever packs the parcel. */
export function PackingSlipButton({ orderId }: { orderId: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(`/orders/${encodeURIComponent(orderId)}/packing-slip.pdf`, {
        accept: 'application/pdf',
        fallbackName: `packing-slip-${orderId}.pdf`,
      });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-3">
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void download()}
      >
        {busy ? 'Downloading…' : 'Packing slip (PDF)'}
      </Button>
    </div>
  );
}

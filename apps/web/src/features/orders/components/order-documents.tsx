import { useState } from 'react';
import { Download } from 'lucide-react';
import { Button } from '@store/ui/button';
import { toast } from '@store/ui/toast';
import type { OrderDocument } from '@store/contracts/orders';
import { downloadOrderDocument } from '../api/download-document';
import { saveFile } from '../lib/save-file';

const labels: Record<OrderDocument['kind'], string> = {
  invoice: 'Download invoice',
  credit_note: 'Download credit note',
};

/**
 * The order's tax invoice and credit notes as download buttons. On Track order the visitor's
 * contact proves the order is theirs, as it did for the lookup.
 */
export function OrderDocuments({
  orderId,
  documents,
  contactInfo,
}: {
  orderId: string;
  documents: readonly OrderDocument[];
  contactInfo?: string | undefined;
}) {
  const [pending, setPending] = useState<string | null>(null);
  if (documents.length === 0) return null;

  const download = async (doc: OrderDocument) => {
    setPending(doc.id);
    try {
      const file = await downloadOrderDocument({
        orderId,
        documentId: doc.id,
        number: doc.number,
        contactInfo,
      });
      saveFile(file.blob, file.fileName);
    } catch (error) {
      console.error('Document download failed', error);
      toast.error('Download failed', {
        description: `Could not download ${doc.kind === 'invoice' ? 'the invoice' : 'the credit note'} ${doc.number}. Please try again.`,
      });
    } finally {
      setPending(null);
    }
  };

  return (
    <ul className="flex flex-wrap gap-2" aria-label="Tax documents">
      {documents.map((doc) => {
        const busy = pending === doc.id;
        return (
          <li key={doc.id}>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => void download(doc)}
              disabled={busy}
              aria-busy={busy}
            >
              {busy ? (
                <span
                  aria-hidden="true"
                  className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
                />
              ) : (
                <Download aria-hidden="true" />
              )}
              {labels[doc.kind]}
              <span className="text-muted-foreground">{doc.number}</span>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

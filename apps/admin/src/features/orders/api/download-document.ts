import { downloadFile } from '@/lib/download';

/** GET /admin/orders/{orderId}/documents/{documentId}.pdf, saved under the server's file name. */
export function downloadOrderDocument(
  orderId: string,
  document: { id: string; number: string },
): Promise<string> {
  return downloadFile(
    `/orders/${encodeURIComponent(orderId)}/documents/${encodeURIComponent(document.id)}.pdf`,
    {
      accept: 'application/pdf',
      fallbackName: `${document.number.replace(/[^\w.-]+/g, '-')}.pdf`,
    },
  );
}

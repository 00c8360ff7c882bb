import { apiFetch } from '@/lib/api-client';

export interface DocumentDownload {
  blob: Blob;
  fileName: string;
}

/** The file name the server gave (Content-Disposition), else one made from the number. */
function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const named = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return named ?? `${fallback.replace(/[^\w.-]+/g, '-')}.pdf`;
}

/**
 * GET /orders/{orderId}/documents/{documentId}.pdf: the tax invoice or credit note as a PDF, with
 * the shopper's token or, on Track order, the order's e-mail or phone (contactInfo).
 */
export async function downloadOrderDocument(input: {
  orderId: string;
  documentId: string;
  number: string;
  contactInfo?: string | undefined;
}): Promise<DocumentDownload> {
  const response = await apiFetch(
    `/orders/${encodeURIComponent(input.orderId)}/documents/${encodeURIComponent(input.documentId)}.pdf`,
    { accept: 'application/pdf', query: { contactInfo: input.contactInfo } },
  );
  return { blob: await response.blob(), fileName: fileNameOf(response, input.number) };
}

import { adminFetch } from '@/lib/api-client';

/**
 * GET /admin/orders/{orderId}/documents/{documentId}.pdf with the staff token (a plain link could
 * not send it), saved through a temporary object URL under the server's file name.
 */
export async function downloadOrderDocument(
  orderId: string,
  document: { id: string; number: string },
): Promise<string> {
  const response = await adminFetch(
    `/orders/${encodeURIComponent(orderId)}/documents/${encodeURIComponent(document.id)}.pdf`,
    { accept: 'application/pdf' },
  );
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    `${document.number.replace(/[^\w.-]+/g, '-')}.pdf`;
  const url = URL.createObjectURL(await response.blob());
  const link = window.document.createElement('a');
  link.href = url;
  link.download = name;
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

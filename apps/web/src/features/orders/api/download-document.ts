import { ApiError, buildUrl, storeHeaders } from '@/lib/api-client';
import { getAuthToken } from '@/lib/cookies';

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
  const headers: Record<string, string> = { Accept: 'application/pdf', ...storeHeaders() };
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const url = buildUrl(
    `/orders/${encodeURIComponent(input.orderId)}/documents/${encodeURIComponent(input.documentId)}.pdf`,
    { contactInfo: input.contactInfo },
  );
  let response: Response;
  try {
    response = await fetch(url, { headers, credentials: 'include' });
  } catch {
    throw new ApiError(0, 'No response from server. Please try again later.');
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    const error =
      body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
    throw new ApiError(
      response.status,
      typeof error === 'string' ? error : `Request failed with status ${response.status}`,
      undefined,
      body,
    );
  }
  return { blob: await response.blob(), fileName: fileNameOf(response, input.number) };
}

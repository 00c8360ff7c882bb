import { adminFetch } from './api-client';

/**
 * GETs a file from /api/v1/admin with the staff token (a plain link could not send it) and saves
 * it through a temporary object URL under the server's file name (else `fallbackName`); the name.
 */
export async function downloadFile(
  path: string,
  {
    accept,
    fallbackName,
    query,
  }: { accept: string; fallbackName: string; query?: Record<string, string | undefined> },
): Promise<string> {
  const response = await adminFetch(path, { accept, ...(query ? { query } : {}) });
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = window.document.createElement('a');
  link.href = url;
  link.download = name;
  window.document.body.append(link);
  link.click();
  link.remove();
  // long enough for the browser to start the save, even for a large file
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

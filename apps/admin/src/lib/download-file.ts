import { adminFetch } from '@/lib/api-client';

/**
 * GET an admin file (a CSV export) with the staff token (a plain link could not send it), saved
 * through a temporary object URL under the server's file name. Answers the name.
 */
export async function downloadFile(
  path: string,
  accept: string,
  fallbackName: string,
): Promise<string> {
  // through adminFetch: the token, the store header in development, a 401 ending the session
  const response = await adminFetch(path, { accept });
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '@store/contracts/admin/import';
import { adminRequest, adminUrl, ApiError } from '@/lib/api-client';
import { getSession } from '@/state/session';

/** POST /admin/products/import: dryRun previews each row; a real import writes all rows or none. */
export function postImport(csv: string, dryRun: boolean) {
  return adminRequest<ImportResult>('/products/import', {
    method: 'POST',
    query: { dryRun },
    body: { csv },
  });
}

export function useImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) => postImport(csv, dryRun),
    onSuccess: async (result) => {
      if (!result.dryRun) await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

/**
 * GET /admin/products/export.csv with the staff token (a plain link could not send it), saved
 * through a temporary object URL under the server's file name.
 */
export async function downloadExport(): Promise<string> {
  const token = getSession()?.token;
  let response: Response;
  try {
    response = await fetch(adminUrl('/products/export.csv'), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(0, 'Cannot reach the server. Check the connection and try again.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    throw new ApiError(response.status, body.error ?? `The server answered ${response.status}`);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'products.csv';
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

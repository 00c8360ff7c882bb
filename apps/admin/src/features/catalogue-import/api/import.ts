import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '@store/contracts/admin/import';
import { adminFetch, adminRequest } from '@/lib/api-client';

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
  // through adminFetch: the token, the store header in development, a 401 ending the session
  const response = await adminFetch('/products/export.csv', { accept: 'text/csv' });
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

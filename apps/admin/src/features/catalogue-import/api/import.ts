import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '@store/contracts/admin/import';
import { adminRequest } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

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

/** GET /admin/products/export.csv, saved under the server's file name. */
export function downloadExport(): Promise<string> {
  return downloadFile('/products/export.csv', {
    accept: 'text/csv',
    fallbackName: 'products.csv',
  });
}

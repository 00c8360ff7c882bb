import { useEffect } from 'react';
import { documentTitle, titleBrand } from '@store/contracts/page-title';
import { setPageTitle } from '@/lib/document-title';
import { useStoreInfo } from './use-store-info';

/**
 * Puts `title` in the browser's tab while the calling page shows (null: the store-wide title).
 * The server's head (apps/server/src/modules/seo) gives a first view the same title.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => (title ? setPageTitle(title) : undefined), [title]);
}

/** "{page} | {store name}", the rule of packages/contracts/src/page-title.ts. */
export function usePageTitle(page: string | null | undefined): void {
  const { storeInfo } = useStoreInfo();
  useDocumentTitle(page ? documentTitle(page, titleBrand(storeInfo)) : null);
}

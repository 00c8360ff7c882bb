import { useEffect } from 'react';
import { toast } from '@store/ui/toast';
import { setBaseTitle } from '@/lib/document-title';
import { headDescription, useStoreInfo } from '@/state/store-info/use-store-info';

/** Starts the store-info load at startup, reports a failure once, and keeps the page head in step. */
export function StoreInfoEffects() {
  const { storeInfo, isError } = useStoreInfo();

  useEffect(() => {
    if (isError) toast.error('Failed to load store information. Please refresh the page.');
  }, [isError]);

  useEffect(() => {
    if (storeInfo?.storeName) setBaseTitle(storeInfo.storeName);
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = headDescription(storeInfo);
  }, [storeInfo]);

  return null;
}

import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { toast } from '@store/ui/toast';
import { fixedPageNames, titleBrand } from '@store/contracts/page-title';
import { setBaseTitle } from '@/lib/document-title';
import { headDescription, useStoreInfo } from '@/state/store-info/use-store-info';
import { usePageTitle } from '@/state/store-info/use-page-title';

/** Starts the store-info load at startup, reports a failure once, and keeps the page head in step. */
export function StoreInfoEffects() {
  const { storeInfo, isError } = useStoreInfo();
  const { pathname } = useLocation();
  // the fixed pages' titles (cart, contact, sign in…); product, listing, policy and 404 set their own
  usePageTitle(fixedPageNames[pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname]);

  useEffect(() => {
    if (isError) toast.error('Failed to load store information. Please refresh the page.');
  }, [isError]);

  useEffect(() => {
    const brand = titleBrand(storeInfo);
    if (brand) setBaseTitle(brand);
    // The server's head already has this page's own description (modules/seo): kept. Only a page
    // served without one (the dev server) gets the store-wide one of spec section 1.
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (meta && !meta.hasAttribute('data-client')) return;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      meta.setAttribute('data-client', '');
      document.head.append(meta);
    }
    meta.content = headDescription(storeInfo);
  }, [storeInfo]);

  return null;
}

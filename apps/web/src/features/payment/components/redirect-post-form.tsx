import { useEffect, useRef } from 'react';
import { submitForm } from '../lib/browser';
import type { FormParams } from '../lib/payment-result';

/**
 * Spec section 7, redirect_post: a hidden form posting type, url and data[key] to redirectUrl,
 * submitted as soon as it is on the page (the gateway's page takes over the tab).
 */
export function RedirectPostForm({ url, formParams }: { url: string; formParams: FormParams }) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (ref.current) submitForm(ref.current);
  }, []);
  return (
    <form ref={ref} method="post" action={url} hidden data-testid="payment-redirect-form">
      <input type="hidden" name="type" value={formParams.type} />
      <input type="hidden" name="url" value={formParams.url} />
      {Object.entries(formParams.data).map(([key, value]) => (
        <input key={key} type="hidden" name={`data[${key}]`} value={value} />
      ))}
    </form>
  );
}

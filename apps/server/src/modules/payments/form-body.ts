/**
 * Reads an application/x-www-form-urlencoded body as @fastify/formbody gives it. The spec's hidden
 * form names its inputs type, url and data[key]; those come back as `data` without the brackets.
 */
export function formFields(body: unknown): {
  fields: Record<string, string>;
  type: string | undefined;
  url: string | undefined;
  data: Record<string, string>;
} {
  const fields: Record<string, string> = {};
  const data: Record<string, string> = {};
  if (typeof body === 'object' && body !== null) {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      const text = Array.isArray(value) ? value[0] : value;
      if (typeof text !== 'string') continue;
      fields[key] = text;
      // data[prefill[name]] too: a gateway's own names may have brackets (Razorpay's prefill[...])
      const match = /^data\[(.+)\]$/.exec(key);
      if (match) data[match[1]!] = text;
    }
  }
  return { fields, type: fields.type, url: fields.url, data };
}

/**
 * Where the shopper lands after a gateway: the thank-you page; Payment with outcome=pending while
 * the provider confirms (the page says "Your payment is being confirmed"); or back to Payment with
 * the reason.
 */
export function orderReturnLocation(
  orderId: string,
  outcome: 'succeeded' | 'failed' | 'pending',
  reason?: string,
): string {
  if (outcome === 'succeeded') return `/order-success?orderId=${encodeURIComponent(orderId)}`;
  if (outcome === 'pending')
    return `/payment?${new URLSearchParams({ orderId, outcome: 'pending' }).toString()}`;
  const params = new URLSearchParams({ orderId, reason: reason ?? 'Payment failed' });
  return `/payment?${params.toString()}`;
}

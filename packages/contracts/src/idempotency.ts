// One Idempotency-Key per attempt, for the storefront's checkout and payment and the back
// office's New order (zod-free: both apps' bundles take it).

/** A v4 UUID; crypto.randomUUID exists only in secure contexts, so a plain-http LAN test falls back. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One Idempotency-Key per attempt (Stripe's semantics on the server: the same key and body get
 * the first answer). The key stays while the same body is sent again (a double click, a retry
 * after a network error whose order may already exist) and changes with the body (the cart,
 * address or fields changed) or once the attempt is over (done(): it succeeded, or the shopper
 * asks for a new attempt on purpose).
 */
export class IdempotencyKeys {
  private last: { body: string; key: string } | null = null;

  constructor(private readonly newKey: () => string = newIdempotencyKey) {}

  keyFor(body: unknown): string {
    const text = JSON.stringify(body);
    if (this.last?.body !== text) this.last = { body: text, key: this.newKey() };
    return this.last.key;
  }

  done(): void {
    this.last = null;
  }
}

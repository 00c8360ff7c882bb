// What the benches share about the store: waiting for a server to answer, and a valid Indian
// shipping address for POST /orders.

/** Resolves with the first 2xx answer of `url`, polling every 250 ms; throws after `timeoutMs`. */
export async function waitFor(url, { headers = {}, timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { headers });
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${url}`);
}

export const shippingAddress = {
  fullName: 'Asha Verma',
  address: '12 MG Road, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560038',
  phone: '+91 98765 43210',
};

// Paying through the HTTP API as a shopper's browser does, for tests of payments and of what
// happens to an order afterwards (the operator's views and transitions).
import type { FastifyInstance } from 'fastify';
import { authHeader, placeTestOrder, testShippingAddress } from './test-app';

export const validFields = (method: string, over: Record<string, string | boolean> = {}) => ({
  method,
  payerName: 'Asha Verma',
  email: 'asha@example.in',
  phone: '+919876543210',
  consent: true,
  ...over,
});

export function pay(
  app: FastifyInstance,
  token: string,
  orderId: string,
  fields: Record<string, string | boolean>,
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/payments',
    headers: authHeader(token),
    payload: { orderId, fields },
  });
}

/** Places an order and pays it through the sandbox gateway: a Processing order; returns its id. */
export async function placePaidOrder(app: FastifyInstance, token: string): Promise<string> {
  const order = await placeTestOrder(app, token);
  const body = (await pay(app, token, order.id, validFields('gateway'))).json();
  const { paymentId, token: approval } = body.action.formParams.data;
  await decideInSandbox(app, paymentId, 'approve', approval);
  return order.id;
}

/**
 * Approve or Decline on the sandbox page, as its form posts it: the owner's token (from POST
 * /payments: formParams.data.token, or the token= of action.sandboxUrl) in the form body.
 */
export function decideInSandbox(
  app: FastifyInstance,
  paymentId: string,
  decision: 'approve' | 'decline',
  approvalToken: string | undefined,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: `/sandbox-gateway/pay/${paymentId}/${decision}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(
      approvalToken === undefined ? {} : { token: approvalToken },
    ).toString(),
  });
}

let mobiles = 0;
/** An Indian mobile no other order of this process has: +91 9, then eight digits. */
const uniqueMobile = () => `+919${String((process.pid * 1000 + ++mobiles) % 1e9).padStart(9, '0')}`;

/**
 * Places an order of `products` (id → quantity) and chooses cash on delivery for it: a Processing
 * order with its cash to collect.
 */
export async function placeCodOrder(
  app: FastifyInstance,
  token: string,
  products: Record<string, number>,
): Promise<{ id: string; total: number }> {
  const placed = await app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: authHeader(token),
    // a delivery phone of its own: a parcel a test returns undelivered makes the next cash-on-
    // delivery order to the same phone wait for the shopper's code (docs/decisions/cod-checks.md)
    payload: { products, shippingAddress: { ...testShippingAddress, phone: uniqueMobile() } },
  });
  if (placed.statusCode !== 201) throw new Error(`order refused: ${placed.body}`);
  const order = placed.json() as { id: string; total: number };
  const cod = await pay(app, token, order.id, validFields('cod'));
  if (cod.statusCode !== 200) throw new Error(`cash on delivery refused: ${cod.body}`);
  return order;
}

export async function orderStatusOf(
  app: FastifyInstance,
  token: string,
  orderId: string,
): Promise<number> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/orders/${orderId}`,
    headers: authHeader(token),
  });
  return res.json().status as number;
}

/** Posts an HTML form the way a browser does. */
export function postForm(app: FastifyInstance, url: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The spec's hidden form: type, url and data[key]. */
export function specFormFields(formParams: {
  type: string;
  url: string;
  data: Record<string, string>;
}) {
  const fields: Record<string, string> = { type: formParams.type, url: formParams.url };
  for (const [k, v] of Object.entries(formParams.data)) fields[`data[${k}]`] = v;
  return fields;
}

import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { adminHeaders, type StaffSession } from './admin';

/*
 * Razorpay and Shiprocket as the journeys meet them: global setup points the store at local fakes
 * (apps/server/src/test/run-fakes.ts) and hands their URLs and the Shiprocket webhook token to
 * the workers. Against a server started elsewhere (E2E_BASE_URL) there are none: those journeys
 * are skipped.
 */
export const fakeRazorpayUrl = process.env.E2E_RAZORPAY_URL ?? '';
export const haveFakeProviders = (): boolean =>
  !!process.env.E2E_RAZORPAY_URL && !!process.env.E2E_SHIPROCKET_WEBHOOK_TOKEN;

/** Where Razorpay posts the shopper back (razorpay-provider.ts RAZORPAY_RETURN_PATH). */
export const RAZORPAY_CALLBACK_PATH = '/api/v1/payments/razorpay/return';

const isCallback = (r: Request) =>
  r.method() === 'POST' && new URL(r.url()).pathname === RAZORPAY_CALLBACK_PATH;

/**
 * On the (fake) hosted checkout: click Pay or Fail; answers the fields Razorpay posted back to
 * the store through the shopper's browser, for the journey to replay or tamper with.
 */
export async function finishInRazorpay(
  page: Page,
  button: 'Pay' | 'Fail',
): Promise<Record<string, string>> {
  await expect(page).toHaveURL(`${fakeRazorpayUrl}/v1/checkout/embedded`);
  await expect(page.getByRole('heading', { name: /^Pay / })).toBeVisible();
  const callback = page.waitForRequest(isCallback);
  await page.getByRole('button', { name: button, exact: true }).click();
  return Object.fromEntries(new URLSearchParams((await callback).postData() ?? ''));
}

/** The callback posted again outside the browser: the status and where it sends the browser. */
export async function postRazorpayCallback(
  request: APIRequestContext,
  form: Record<string, string>,
): Promise<{ status: number; location: string }> {
  const res = await request.post(RAZORPAY_CALLBACK_PATH, { form, maxRedirects: 0 });
  return { status: res.status(), location: res.headers().location ?? '' };
}

export type AdminOrderPayments = {
  payment: string;
  status: number;
  payments: { provider: string; status: string; providerReference: string | null }[];
};

/** GET /admin/orders/:id as the back office reads it: the order's payment state and attempts. */
export async function adminOrder(
  request: APIRequestContext,
  owner: StaffSession,
  orderId: string,
): Promise<AdminOrderPayments> {
  const res = await request.get(`/api/v1/admin/orders/${orderId}`, {
    headers: adminHeaders(owner),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as AdminOrderPayments;
}

/**
 * A tracking webhook as Shiprocket posts it (apidocs.shiprocket.in, "Webhook for tracking"; the
 * same body as the API tests' fake-shiprocket.ts trackingWebhook): the AWB, the shipment's status
 * and its id, and the latest scan.
 */
export function shiprocketTracking(
  awb: string,
  status: 'PICKED UP' | 'IN TRANSIT' | 'OUT FOR DELIVERY' | 'DELIVERED',
  when = new Date(),
): Record<string, unknown> {
  const ids = { 'PICKED UP': 42, 'IN TRANSIT': 18, 'OUT FOR DELIVERY': 17, DELIVERED: 7 };
  // Shiprocket writes times in IST: current_timestamp as "DD MM YYYY HH:mm:ss", scans ISO-like
  const [y, mo, d, h, mi, se] = new Date(when.getTime() + 330 * 60_000)
    .toISOString()
    .split(/[-T:.]/);
  const at = `${d} ${mo} ${y} ${h}:${mi}:${se}`;
  return {
    awb,
    courier_name: 'Delhivery Surface',
    current_status: status,
    current_status_id: ids[status],
    shipment_status: status,
    shipment_status_id: ids[status],
    current_timestamp: at,
    etd: '2026-12-02 18:00:00',
    scans: [
      {
        date: `${y}-${mo}-${d} ${h}:${mi}:${se}`,
        status: 'X-UCI',
        activity: status,
        location: 'Bengaluru_Hub (Karnataka)',
        'sr-status': String(ids[status]),
        'sr-status-label': status,
      },
    ],
    is_return: 0,
    pod_status: 'OTP Based Delivery',
    pod: 'Not Available',
  };
}

/** POST /api/v1/shipping/webhooks/parcel-updates (the name Shiprocket's panel is given). */
export async function postShiprocketWebhook(
  request: APIRequestContext,
  body: Record<string, unknown>,
  token = process.env.E2E_SHIPROCKET_WEBHOOK_TOKEN ?? '',
): Promise<{ status: number; outcome?: string }> {
  const res = await request.post('/api/v1/shipping/webhooks/parcel-updates', {
    headers: { 'x-api-key': token },
    data: body,
  });
  const json = (await res.json().catch(() => ({}))) as { outcome?: string };
  return { status: res.status(), outcome: json.outcome };
}

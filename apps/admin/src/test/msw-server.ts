import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { StoreSettings } from '@store/contracts/admin/settings';
import type { StoreSettingsResponse } from '@/features/settings/api/settings';

/** Base of every admin API call in tests (jsdom runs at http://localhost:3000/admin/). */
export const ADMIN_API = 'http://localhost:3000/api/v1/admin';

/**
 * Every order page asks for its courier shipment (features/orders/api/order-shipment.ts): by
 * default no courier account is set up, so tests of the page need not answer it themselves.
 */
export const server = setupServer(
  http.get(`${ADMIN_API}/orders/:orderId/shipment`, () =>
    HttpResponse.json({ couriers: [], shipment: null, canBook: false }),
  ),
);

/**
 * Answers PUT /admin/settings as the server would (the saved settings back) and keeps what the
 * form sent in `body`, for the settings form's tests.
 */
export function captureSettingsPut(response: StoreSettingsResponse): { body?: StoreSettings } {
  const sent: { body?: StoreSettings } = {};
  server.use(
    http.put(`${ADMIN_API}/settings`, async ({ request }) => {
      sent.body = (await request.json()) as StoreSettings;
      return HttpResponse.json({ ...response, settings: sent.body });
    }),
  );
  return sent;
}

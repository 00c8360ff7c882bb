import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreSettings } from '@store/contracts/admin/settings';
import {
  authHeader,
  createTestApp,
  placeTestOrder,
  registerAndLogin,
  type TestApp,
} from '../../test/test-app';
import { pay, validFields } from '../../test/pay-order';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { sanitizePolicyHtml } from './admin-settings.service';

let t: TestApp;
let owner: SignedInStaff;
let clerk: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInStaff(t.app, t.db, 'owner');
  clerk = await signInStaff(t.app, t.db, 'staff');
});
afterAll(() => t.close());

const url = '/api/v1/admin/settings';

async function current(): Promise<{ settings: StoreSettings; availablePaymentMethods: string[] }> {
  const res = await t.app.inject({ method: 'GET', url, headers: owner.headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}

function save(settings: StoreSettings, headers: Record<string, string> = owner.headers) {
  return t.app.inject({ method: 'PUT', url, headers, payload: settings });
}

describe('GET /admin/settings', () => {
  it("answers the store's fields and the server's payment methods", async () => {
    const { settings, availablePaymentMethods } = await current();
    expect(settings).toMatchObject({
      storeName: 'Kagaz & Kalam',
      companyEmail: 'hello@kagazkalam.in',
      // stores.payment_methods is null: the server's configured methods (test config)
      paymentMethods: ['upi_qr', 'upi_app', 'gateway'],
      upiVpa: 'demo-store@sandbox',
    });
    expect(settings.categoryImages.default).toBe('/images/categories/default.svg');
    expect(settings.policies.shipping).toContain('{companyName}');
    // PayU has no key in the test config, so it is not offered
    expect(availablePaymentMethods).toEqual(['upi_qr', 'upi_app', 'gateway']);
  });

  it('is for the owner only: staff 403, a shopper token or none 401', async () => {
    const shopper = await registerAndLogin(t.app);
    const { settings } = await current();
    for (const method of ['GET', 'PUT'] as const) {
      const payload = method === 'PUT' ? settings : undefined;
      const asStaff = await t.app.inject({ method, url, headers: clerk.headers, payload });
      expect(asStaff.statusCode).toBe(403);
      const asShopper = await t.app.inject({
        method,
        url,
        headers: authHeader(shopper.token),
        payload,
      });
      expect(asShopper.statusCode).toBe(401);
      const none = await t.app.inject({ method, url, payload });
      expect(none.statusCode).toBe(401);
    }
  });
});

describe('PUT /admin/settings', () => {
  it('saves, logs only what changed, and GET /storeInfo shows the new name at once', async () => {
    const warm = await t.app.inject({ method: 'GET', url: '/api/v1/storeInfo' });
    expect(warm.json().storeName).toBe('Kagaz & Kalam');
    await t.app.inject({ method: 'GET', url: '/api/v1/storeInfo' }); // now served from the cache

    const { settings } = await current();
    const res = await save({
      ...settings,
      storeName: 'Kagaz & Kalam Kolkata',
      companyPhone: '+91 98300 54321',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings.storeName).toBe('Kagaz & Kalam Kolkata');

    const info = await t.app.inject({ method: 'GET', url: '/api/v1/storeInfo' });
    expect(info.json()).toMatchObject({
      storeName: 'Kagaz & Kalam Kolkata',
      companyPhone: '+91 98300 54321',
    });

    const log = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/activity?entityType=settings',
      headers: owner.headers,
    });
    const [entry] = log.json().data;
    expect(entry).toMatchObject({
      action: 'settings.update',
      actor: owner.email,
      before: { storeName: 'Kagaz & Kalam', companyPhone: '+91 98300 12345' },
      after: { storeName: 'Kagaz & Kalam Kolkata', companyPhone: '+91 98300 54321' },
    });
    expect(Object.keys(entry.after).sort()).toEqual(['companyPhone', 'storeName']);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const { settings } = await current();
    const blank = await save({ ...settings, storeName: ' ', companyEmail: 'not-an-email' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().fields)).toEqual(
      expect.arrayContaining(['storeName', 'companyEmail']),
    );

    const payu = await save({ ...settings, paymentMethods: ['upi_qr', 'payu'] });
    expect(payu.statusCode).toBe(400);
    expect(payu.json().fields.paymentMethods).toMatch(/PayU.*not available/);

    const noVpa = await save({ ...settings, paymentMethods: ['upi_app'], upiVpa: '' });
    expect(noVpa.statusCode).toBe(400);
    expect(noVpa.json().fields.upiVpa).toBeTruthy();

    const badVpa = await save({ ...settings, upiVpa: 'nobody' });
    expect(badVpa.statusCode).toBe(400);
    expect(badVpa.json().fields.upiVpa).toBe('A UPI ID looks like name@bank');

    const unknown = await save({
      ...settings,
      categoryImages: { ...settings.categoryImages, 'No Such Category': '/images/x.svg' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields['categoryImages.No Such Category']).toMatch(/no category/);

    const script = await save({ ...settings, companyLogoUrl: 'javascript:alert(1)' });
    expect(script.statusCode).toBe(400);
    expect(script.json().fields.companyLogoUrl).toBeTruthy();

    // nothing of the refused saves was written
    expect((await current()).settings).toEqual(settings);
  });

  it('sanitises policy HTML and keeps the placeholders', async () => {
    const { settings } = await current();
    const res = await save({
      ...settings,
      policies: {
        ...settings.policies,
        refund:
          '<h2>Refunds</h2><script>alert(1)</script><p onclick="x()">Write to ' +
          '<a href="mailto:{companyEmail}">{companyEmail}</a> or <a href="javascript:alert(2)">here</a>.</p>' +
          '<img src="https://cdn.example.com/a.png" onerror="alert(3)" alt="A">' +
          '<img src="http://insecure.example.com/b.png"><iframe src="https://evil.example"></iframe>',
      },
    });
    expect(res.statusCode).toBe(200);
    const refund = res.json().settings.policies.refund as string;
    expect(refund).not.toMatch(/script|onerror|onclick|javascript|iframe|insecure/);
    expect(refund).toContain('<h2>Refunds</h2>');
    expect(refund).toContain('<a href="mailto:{companyEmail}">{companyEmail}</a>');
    expect(refund).toContain('<img src="https://cdn.example.com/a.png" alt="A" />');

    const info = await t.app.inject({ method: 'GET', url: '/api/v1/storeInfo' });
    expect(info.json().policies.refund).toBe(refund);
  });

  it("keeps the seed's shipping policy as it is", () => {
    const seed = `<p><img src="{companyLogoUrl}" alt="{companyName}" width="48" height="48" /></p>
<p>Questions? Write to <a href="mailto:{companyEmail}">{companyEmail}</a> or call {companyPhone}.</p>`;
    expect(sanitizePolicyHtml(seed)).toBe(seed);
  });

  it('sets the default image and a category image (the storefront list follows)', async () => {
    const { settings } = await current();
    const name = Object.keys(settings.categoryImages).find((k) => k !== 'default')!;
    const res = await save({
      ...settings,
      categoryImages: {
        default: '/images/new-default.svg',
        [name]: 'https://cdn.example.com/c.webp',
      },
    });
    expect(res.statusCode).toBe(200);
    const info = (await t.app.inject({ method: 'GET', url: '/api/v1/storeInfo' })).json();
    expect(info.categoryImages.default).toBe('/images/new-default.svg');
    expect(info.categoryImages[name]).toBe('https://cdn.example.com/c.webp');
    // the other categories kept their images
    expect(Object.keys(info.categoryImages).length).toBe(
      Object.keys(settings.categoryImages).length,
    );
  });
});

describe('payment settings reach the shoppers', () => {
  it('a method turned off leaves the payment form and is refused; a new UPI ID is in the next QR', async () => {
    const shopper = await registerAndLogin(t.app);
    const methodsOffered = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/payments/fields' });
      const method = (res.json() as { name: string; options?: { value: string }[] }[]).find(
        (f) => f.name === 'method',
      )!;
      return method.options!.map((o) => o.value);
    };
    expect(await methodsOffered()).toContain('upi_qr');

    const { settings } = await current();
    const res = await save({
      ...settings,
      paymentMethods: ['upi_app', 'gateway'],
      upiVpa: 'kagazkalam@okaxis',
      upiPayeeName: 'Kagaz Kalam Stationers',
    });
    expect(res.statusCode).toBe(200);
    expect(await methodsOffered()).toEqual(['upi_app', 'gateway', 'cod']);

    const order = await placeTestOrder(t.app, shopper.token, 1);
    const refused = await pay(t.app, shopper.token, order.id, validFields('upi_qr'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields['fields.method'] ?? refused.json().fields.method).toBeTruthy();

    const viaApp = await pay(t.app, shopper.token, order.id, validFields('upi_app'));
    expect(viaApp.statusCode).toBe(200);
    const link = new URL(viaApp.json().action.redirectUrl as string);
    expect(link.protocol).toBe('upi:');
    expect(link.searchParams.get('pa')).toBe('kagazkalam@okaxis');
    expect(link.searchParams.get('pn')).toBe('Kagaz Kalam Stationers');

    // and back on: the QR carries the new UPI ID too
    const back = await save({
      ...(await current()).settings,
      paymentMethods: ['upi_qr', 'upi_app', 'gateway'],
    });
    expect(back.statusCode).toBe(200);
    const qr = await pay(t.app, shopper.token, order.id, validFields('upi_qr'));
    expect(qr.statusCode).toBe(200);
    expect(new URL(qr.json().action.qr as string).searchParams.get('pa')).toBe('kagazkalam@okaxis');
  });
});

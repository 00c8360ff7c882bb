import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatus } from '@store/contracts/order-rules';
import { PAY_TOKEN_HEADER, payLinkMessages } from '@store/contracts/payments';
import { activityLog, emailOutbox, orders, payments, products, users } from '../../db/schema';
import { DEFAULT_STORE_ID } from '../../db/seed-data/store';
import { decideInSandbox, validFields } from '../../test/pay-order';
import { signInStaff, type SignedInStaff } from '../../test/staff';
import { setStock, stockOf } from '../../test/stock';
import {
  authHeader,
  createTestApp,
  plainProducts,
  registerAndLogin,
  testJwtSecret,
  testShippingAddress,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { deliverDueEmails } from '../mail/mail-sender.service';
import { createDiscount, uniqueCode } from '../pricing/test-discounts';
import { signPayLink } from './pay-link.service';

let t: TestApp;
let owner: SignedInStaff;
let clerk: SignedInStaff;
let shopper: TestUser;
/** a product at 18% GST in one colour (chosen for the customer, as at checkout) */
let product: { id: string };
const blue = { color: 'Blue' };

beforeAll(async () => {
  t = await createTestApp({ publicBaseUrl: 'https://shop.example.in' });
  owner = await signInStaff(t.app, t.db, 'owner');
  clerk = await signInStaff(t.app, t.db, 'staff');
  shopper = await registerAndLogin(t.app);
  const [pens] = await t.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.slug, 'gel-pen-pack-10'));
  product = pens!;
  await setStock(t.db, product.id, 500, blue);
});
afterAll(() => t.close());

let keyCounter = 0;
const place = (
  payload: object,
  headers: Record<string, string> = clerk.headers,
  key = `new-order-${++keyCounter}`,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/orders',
    headers: { ...headers, 'idempotency-key': key },
    payload,
  });

const orderBody = (over: Record<string, unknown> = {}) => ({
  customer: { kind: 'existing', id: shopper.id },
  lines: [{ productId: product.id, quantity: 2 }],
  shippingAddress: testShippingAddress,
  payment: 'link',
  ...over,
});

const newCustomer = (email: string) => ({
  kind: 'new',
  firstName: 'Meera',
  lastName: 'Nair',
  email,
  mobile: '+91 98450 12345',
});

const mailsTo = (to: string) =>
  t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to.toLowerCase()));

/** The token of a payment link (after #payToken=). */
const tokenOf = (link: string) => decodeURIComponent(link.split('#payToken=')[1] ?? '');

const viewWithLink = (orderId: string, token: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/orders/${orderId}`,
    headers: { [PAY_TOKEN_HEADER]: token },
  });
const payWithLink = (orderId: string, token: string, method = 'gateway') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/payments',
    headers: { [PAY_TOKEN_HEADER]: token },
    payload: { orderId, fields: validFields(method) },
  });

describe('POST /admin/orders (New order)', () => {
  it('places a payment-link order for an existing customer: priced like the cart, stock taken, who placed it logged', async () => {
    const before = (await stockOf(t.db, product.id, blue))!;
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/new-order/quote',
      headers: clerk.headers,
      payload: {
        customerId: shopper.id,
        lines: [{ productId: product.id, quantity: 2 }],
        shippingAddress: { state: 'Karnataka', postalCode: '560038' },
        payment: 'link',
      },
    });
    expect(quote.statusCode).toBe(200);
    const totals = quote.json();
    expect(totals.gst).toBeGreaterThan(0);
    expect(totals.codFee).toBe(0);

    const res = await place(orderBody());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.customer).toMatchObject({ id: shopper.id, created: false });
    expect(body.order).toMatchObject({ status: orderStatus.pending, userId: shopper.id });
    // the same pricing step as the cart's quote: the preview is what is charged
    expect(body.order.totalPaise).toBe(Math.round(totals.total * 100));
    expect(await stockOf(t.db, product.id, blue)).toBe(before - 2);
    expect(body.payLink).toMatch(
      new RegExp(`^https://shop\\.example\\.in/payment\\?orderId=${body.order.id}#payToken=.+`),
    );
    // the timeline names who took it, in place of the shopper
    expect(body.order.timeline[0]).toMatchObject({ actor: clerk.email });
    expect(body.order.timeline[0].text).toContain('Order placed by');
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, body.order.id), eq(activityLog.action, 'order.place')));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.staffId).toBe(clerk.id);

    const mails = (await mailsTo(shopper.email)).filter((m) => m.kind === 'payment_link');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data).toMatchObject({ orderId: body.order.id, payUrl: body.payLink });
  });

  it('a new customer gets an account and an invitation to choose a password (in the demo outbox)', async () => {
    const email = `meera.${Date.now()}@example.in`;
    const res = await place(orderBody({ customer: newCustomer(email) }), owner.headers);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.customer).toMatchObject({ email, created: true });
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ firstName: 'Meera', lastName: 'Nair' });
    expect(body.order.contactPhone).toBe('9876543210');

    const queued = await mailsTo(email);
    expect(queued.map((m) => m.kind).sort()).toEqual([
      'account_invite',
      'order_placed',
      'payment_link',
    ]);
    const inviteToken = String(queued.find((m) => m.kind === 'account_invite')!.data.token);
    // written and sent as the demo outbox keeps it: the invitation's words and its set-password link
    const { transport, ...rest } = t.app.mail;
    await deliverDueEmails(t.db, transport, { ...rest, now: new Date(Date.now() + 60_000) });
    const [invite] = (await mailsTo(email)).filter((m) => m.kind === 'account_invite');
    expect(invite).toMatchObject({ status: 'sent', data: {} });
    const raw = (await transport.readRaw(invite!.id))?.toString() ?? '';
    expect(raw).toContain('Choose a password');
    expect(raw.replace(/=\r?\n/g, '')).toContain('reset-password#token=');

    // the token is the password reset's: the customer chooses a password and signs in
    const chosen = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/reset-password',
      payload: { token: inviteToken, password: 'meera-chose-this' },
    });
    expect(chosen.statusCode, chosen.body).toBeLessThan(300);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/authorize',
      payload: { email, password: 'meera-chose-this' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('a new customer with an e-mail the store knows is that account, never a second one', async () => {
    const res = await place(
      orderBody({ customer: newCustomer(shopper.email.toUpperCase()), payment: 'cod' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().customer).toMatchObject({ id: shopper.id, created: false });
    const accounts = await t.db.select().from(users).where(eq(users.email, shopper.email));
    expect(accounts).toHaveLength(1);
    expect((await mailsTo(shopper.email)).some((m) => m.kind === 'account_invite')).toBe(false);
  });

  it('cash on delivery: the COD fee, Processing to collect, confirmed because staff took it by phone', async () => {
    const res = await place(orderBody({ payment: 'cod' }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.payLink).toBeNull();
    expect(body.order).toMatchObject({ status: orderStatus.processing, codStatus: 'to_collect' });
    expect(body.order.codConfirmedAt).not.toBeNull();
    const [row] = await t.db.select().from(orders).where(eq(orders.id, body.order.id));
    expect(row!.codFeePaise).toBeGreaterThanOrEqual(0);
    const attempts = await t.db.select().from(payments).where(eq(payments.orderId, row!.id));
    expect(attempts).toMatchObject([{ provider: 'cod', status: 'pending' }]);
    expect(body.order.timeline.map((e: { text: string }) => e.text)).toContain(
      'Confirmed for cash on delivery: taken by phone',
    );
  });

  it('a coupon is applied as at checkout; one that does not apply is refused (409 coupon_refused)', async () => {
    const code = uniqueCode('PHONE');
    await createDiscount(t.app, owner.headers, { code, value: 10 });
    const res = await place(orderBody({ couponCode: code.toLowerCase() }));
    expect(res.statusCode).toBe(201);
    const order = res.json().order;
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.couponCode).toBe(code);
    expect(row!.discountPaise).toBeGreaterThan(0);

    const refused = await place(orderBody({ couponCode: 'NOSUCHCODE' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'coupon_refused' });
  });

  it('out of stock: 409 out_of_stock, nothing written, no account made', async () => {
    const [scarce] = (await plainProducts(t.app, 2)).filter((p) => p.id !== product.id);
    await setStock(t.db, scarce!.id, 1);
    const email = `short.${Date.now()}@example.in`;
    const res = await place(
      orderBody({
        customer: newCustomer(email),
        lines: [{ productId: scarce!.id, quantity: 3 }],
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'out_of_stock' });
    expect(await stockOf(t.db, scarce!.id)).toBe(1);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('bad input is a 400 naming the field, never a 500', async () => {
    const res = await place(
      orderBody({ shippingAddress: { ...testShippingAddress, postalCode: '12' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_input' });
    const noLines = await place(orderBody({ lines: [] }));
    expect(noLines.statusCode).toBe(400);
    const unknown = await place(
      orderBody({ customer: { kind: 'existing', id: '00000000-0000-4000-8000-000000000000' } }),
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('a double submit with the same Idempotency-Key makes one order and one account', async () => {
    const email = `twice.${Date.now()}@example.in`;
    const payload = orderBody({ customer: newCustomer(email) });
    const first = await place(payload, clerk.headers, 'same-key');
    const second = await place(payload, clerk.headers, 'same-key');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().order.id).toBe(first.json().order.id);
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    const placed = await t.db.select().from(orders).where(eq(orders.userId, account!.id));
    expect(placed).toHaveLength(1);
    expect((await mailsTo(email)).filter((m) => m.kind === 'account_invite')).toHaveLength(1);
  });

  it('needs a back-office session: a shopper token or none is 401', async () => {
    expect((await place(orderBody(), authHeader(shopper.token))).statusCode).toBe(401);
    expect((await place(orderBody(), {})).statusCode).toBe(401);
  });
});

describe('GET /admin/new-order/customers', () => {
  it('finds a customer by name, e-mail or the mobile of their orders, with saved addresses', async () => {
    const byEmail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/new-order/customers?q=${encodeURIComponent(shopper.email)}`,
      headers: clerk.headers,
    });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().data[0]).toMatchObject({ id: shopper.id, phone: '+919876543210' });
    const byPhone = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/new-order/customers?q=98765%2043210',
      headers: clerk.headers,
    });
    expect(byPhone.json().data.map((c: { id: string }) => c.id)).toContain(shopper.id);
  });
});

describe('GET /admin/new-order/products', () => {
  it('finds products by title with their colours to choose', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/new-order/products?q=gel%20pens',
      headers: clerk.headers,
    });
    expect(res.statusCode).toBe(200);
    const found = res.json().data.find((p: { id: string }) => p.id === product.id);
    expect(found.variants).toEqual([
      expect.objectContaining({ color: 'Blue', availability: expect.anything() }),
    ]);
  });
});

describe('the payment link', () => {
  it('opens and pays its order without a password, through the sandbox gateway', async () => {
    const placed = (await place(orderBody())).json();
    const token = tokenOf(placed.payLink);
    const view = await viewWithLink(placed.order.id, token);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ id: placed.order.id, status: orderStatus.pending });

    const paid = await payWithLink(placed.order.id, token);
    expect(paid.statusCode).toBe(200);
    const { paymentId, token: approval } = paid.json().action.formParams.data;
    await decideInSandbox(t.app, paymentId, 'approve', approval);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/${placed.order.id}`,
      headers: clerk.headers,
    });
    expect(after.json()).toMatchObject({ status: orderStatus.processing, payment: 'paid' });
  });

  it('never opens or pays another order', async () => {
    const mine = (await place(orderBody())).json();
    const other = (await place(orderBody())).json();
    const token = tokenOf(mine.payLink);
    const view = await viewWithLink(other.order.id, token);
    expect(view.statusCode).toBe(403);
    expect(view.json()).toMatchObject({
      error: payLinkMessages.otherOrder,
      code: 'pay_link_invalid',
    });
    const pay = await payWithLink(other.order.id, token);
    expect(pay.statusCode).toBe(403);
    // nor is it a session: the shopper's own routes refuse it
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders',
      headers: authHeader(token),
    });
    expect(list.statusCode).toBe(401);
  });

  it('a tampered link is 403 and an expired one 410, each with a message to show', async () => {
    const placed = (await place(orderBody())).json();
    const token = tokenOf(placed.payLink);
    const [head, claims, signature] = token.split('.');
    const tampered = `${head}.${claims}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    const bad = await payWithLink(placed.order.id, tampered);
    expect(bad.statusCode).toBe(403);
    expect(bad.json()).toMatchObject({ error: payLinkMessages.invalid, code: 'pay_link_invalid' });

    const expired = await signPayLink(
      testJwtSecret,
      { orderId: placed.order.id, storeId: DEFAULT_STORE_ID },
      new Date(Date.now() - 60_000),
    );
    const late = await viewWithLink(placed.order.id, expired);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ error: payLinkMessages.expired, code: 'pay_link_expired' });
    expect((await payWithLink(placed.order.id, expired)).statusCode).toBe(410);
  });
});

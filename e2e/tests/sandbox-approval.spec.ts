import {
  test,
  expect,
  createOrderViaApi,
  newShopper,
  orderCard,
  plainProducts,
  registerViaApi,
  signInBrowser,
} from '../support/fixtures';
import { choosePaymentMethod, completeUpiInSandbox, ownerSandboxLink } from '../support/payment';

const NOT_ALLOWED = 'Only the shopper who placed the order can approve or decline this payment';

test("a stranger cannot approve a shopper's UPI payment; the shopper can", async ({
  page,
  context,
  browser,
  request,
  baseURL,
}, testInfo) => {
  const token = await registerViaApi(request, newShopper('owner', testInfo.project.name));
  await signInBrowser(context, baseURL!, token);
  const [product] = await plainProducts(request, 1);
  const order = await createOrderViaApi(request, token, { [product!.id]: 1 });
  const orderStatus = async () => {
    const res = await request.get(`/api/v1/orders/${order.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { status: number }).status;
  };

  // The shopper starts a UPI QR payment: the QR counts down while the store waits.
  await page.goto(`/payment?orderId=${order.id}`);
  await choosePaymentMethod(page, 'upi-qr');
  await expect(page.getByText('Scan QR Code to Complete Payment')).toBeVisible();
  await expect(page.getByText(/Time left to pay:/)).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^\d{1,2}:\d{2}$/);
  const { paymentId, token: ownersToken } = ownerSandboxLink(order.id);
  expect(paymentId).not.toBe('');

  // A stranger (another browser, not signed in) who knows the order and attempt ids.
  const stranger = await browser.newContext({ baseURL });
  try {
    const spy = await stranger.newPage();
    const refused = async (what: string, status: number | undefined) => {
      expect(status, `${what} is refused`).toBe(403);
      await expect(spy.getByRole('heading', { name: 'Not allowed' }), what).toBeVisible();
      await expect(spy.getByText(NOT_ALLOWED), what).toBeVisible();
      await expect(spy.getByRole('button', { name: 'Approve' }), what).toHaveCount(0);
      await expect(spy.locator('body'), what).not.toContainText(paymentId);
    };
    // The sandbox lists nothing by order id, and shows no attempt without its token.
    await refused(
      'the sandbox by order id',
      (await spy.goto(`/sandbox-gateway/upi?orderId=${order.id}`))?.status(),
    );
    await refused(
      'the sandbox by attempt id',
      (await spy.goto(`/sandbox-gateway/upi?paymentId=${paymentId}`))?.status(),
    );
    const forged = `${Math.floor(Date.now() / 1000) + 600}.${'0'.repeat(64)}`;
    await refused(
      'the sandbox with a made-up token',
      (await spy.goto(`/sandbox-gateway/upi?paymentId=${paymentId}&token=${forged}`))?.status(),
    );

    // Approve posted without the token, or with a made-up one: refused.
    for (const [what, form] of [
      ['approve without a token', {}],
      ['approve with a made-up token', { token: forged }],
    ] as const) {
      const res = await spy.request.post(`/sandbox-gateway/pay/${paymentId}/approve`, { form });
      expect(res.status(), what).toBe(403);
      expect(await res.text(), what).toContain(NOT_ALLOWED);
    }

    // A form on another site posting to Approve is refused even with the shopper's own token
    // (a leaked link): the browser says the post is cross-site.
    await spy.route('http://elsewhere.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Win a pen</title><form method="post" action="${baseURL}/sandbox-gateway/pay/${paymentId}/approve"><input type="hidden" name="token" value="${ownersToken}"><button>Claim your prize</button></form>`,
      }),
    );
    await spy.goto('http://elsewhere.test/');
    const answer = spy.waitForResponse((r) => r.url().includes(`/pay/${paymentId}/approve`));
    await spy.getByRole('button', { name: 'Claim your prize' }).click();
    await refused('approve posted from another site', (await answer).status());
  } finally {
    await stranger.close();
  }

  // Nothing changed: the order is Pending, My Orders offers Pay Now, the QR still waits.
  expect(await orderStatus(), 'the order is still Pending (0)').toBe(0);
  const orders = await context.newPage();
  await orders.goto('/orders');
  const card = orderCard(orders, order.id);
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  await expect(
    card.getByRole('button', { name: 'Pay Now' }).or(card.getByRole('link', { name: 'Pay Now' })),
  ).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`/payment\\?orderId=${order.id}`));
  await expect(page.getByText('Scan QR Code to Complete Payment')).toBeVisible();

  // The shopper pays from the link the store gave them: the order moves on to Processing.
  await completeUpiInSandbox(context, order.id);
  await expect(page).toHaveURL(/\/order-success/, { timeout: 20_000 });
  expect(await orderStatus(), 'the order is Processing (1) once paid').toBe(1);
  await orders.reload();
  await expect(card.getByText('Processing', { exact: true })).toBeVisible();
  await expect(
    card.getByRole('button', { name: 'Pay Now' }).or(card.getByRole('link', { name: 'Pay Now' })),
  ).toHaveCount(0);
  await orders.close();
});

import {
  test,
  expect,
  createOrderViaApi,
  newShopper,
  orderCard,
  plainProducts,
  registerViaApi,
  signInBrowser,
  toast,
} from '../support/fixtures';
import { choosePaymentMethod } from '../support/payment';

/** The store's default COD limit (stores.cod_max_paise): ₹5,000. */
const COD_LIMIT_RUPEES = 5000;

test.describe('cash on delivery', () => {
  test('a shopper pays cash on delivery: Payment initiated, then My Orders says Processing and what to pay at the door; an order over ₹5,000 is refused on the method', async ({
    page,
    context,
    request,
    baseURL,
    checkPage,
  }, testInfo) => {
    const token = await registerViaApi(request, newShopper('cod', testInfo.project.name));
    await signInBrowser(context, baseURL!, token);
    const products = await plainProducts(request, 4);
    const price = (p: (typeof products)[number]) => p.discountedPrice ?? p.regularPrice ?? 0;
    const cheap = products.reduce((a, b) => (price(a) <= price(b) ? a : b));
    const dear = products.reduce((a, b) => (price(a) >= price(b) ? a : b));

    // under the limit, shipping to 560038 (every PIN is allowed by default)
    const small = await createOrderViaApi(request, token, { [cheap.id]: 1 });
    expect(small.total).toBeLessThanOrEqual(COD_LIMIT_RUPEES);
    await page.goto(`/payment?orderId=${small.id}`);
    await choosePaymentMethod(page, 'cod');
    await expect(toast(page, 'Payment initiated')).toBeVisible();
    await expect(toast(page, 'Your payment is being processed')).toBeVisible();
    await expect(page).toHaveURL(/\/orders$/);
    const card = orderCard(page, small.id);
    await expect(card.getByText('Processing', { exact: true })).toBeVisible();
    await expect(card.getByText(/^Cash on delivery: pay ₹[\d,]+\.\d\d on delivery$/)).toBeVisible();
    await expect(
      card
        .getByRole('button', { name: 'Pay Now', exact: true })
        .or(card.getByRole('link', { name: 'Pay Now', exact: true })),
    ).toHaveCount(0);
    // paying online instead stays open until it ships (docs/decisions/cod-checks.md)
    await expect(card.getByRole('link', { name: 'Pay now by UPI' })).toHaveAttribute(
      'href',
      `/payment?orderId=${small.id}`,
    );
    await checkPage('orders-cod');

    // over the limit: the server's message once, the other methods still offered, and the
    // order stays Pending
    const quantity = Math.floor(COD_LIMIT_RUPEES / price(dear)) + 1;
    const large = await createOrderViaApi(request, token, { [dear.id]: quantity });
    expect(large.total).toBeGreaterThan(COD_LIMIT_RUPEES);
    await page.goto(`/payment?orderId=${large.id}`);
    await choosePaymentMethod(page, 'cod');
    const message = 'Cash on delivery is available for orders up to ₹5,000';
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await expect(page.getByText(message)).toHaveCount(1);
    const method = page.getByLabel('Payment method');
    await expect(method.locator('option', { hasText: /cash on delivery/i })).toHaveCount(0);
    await expect(method.locator('option', { hasText: /sandbox gateway/i })).toHaveCount(1);
    await expect(page).toHaveURL(/\/payment\?/);
    await checkPage('payment-cod-over-limit');

    await page.goto('/orders');
    await expect(orderCard(page, large.id).getByText('Pending', { exact: true })).toBeVisible();
  });
});

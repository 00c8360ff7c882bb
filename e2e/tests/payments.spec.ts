import {
  test,
  expect,
  createOrderViaApi,
  plainProducts,
  newShopper,
  registerViaApi,
  orderCard,
  signInBrowser,
} from '../support/fixtures';
import {
  approveInGateway,
  choosePaymentMethod,
  completeUpiInSandbox,
  declineInGateway,
} from '../support/payment';

test.describe('paying for orders', () => {
  test('gateway: decline, then retry and approve; UPI QR completed from the sandbox; Pending keeps Pay Now', async ({
    page,
    context,
    request,
    baseURL,
    checkPage,
    expectNoHorizontalScroll,
  }, testInfo) => {
    const shopper = newShopper('pay', testInfo.project.name);
    const token = await registerViaApi(request, shopper);
    await signInBrowser(context, baseURL!, token);
    const [a, b, c] = await plainProducts(request, 3);
    const declined = await createOrderViaApi(request, token, { [a!.id]: 1 });
    const byQr = await createOrderViaApi(request, token, { [b!.id]: 3 });
    const pending = await createOrderViaApi(request, token, { [c!.id]: 1 });

    // Gateway: decline brings the shopper back to /payment with the reason; paying again works.
    await page.goto(`/payment?orderId=${declined.id}`);
    await choosePaymentMethod(page, 'gateway');
    await expect(page.getByRole('heading', { name: 'Sandbox payment gateway' })).toBeVisible();
    await checkPage('sandbox-gateway');
    await declineInGateway(page);
    await expect(page).toHaveURL(new RegExp(`/payment\\?.*orderId=${declined.id}`));
    await expect(page.getByRole('main')).toContainText(/declin/i);
    await checkPage('payment-declined');
    await choosePaymentMethod(page, 'gateway');
    await approveInGateway(page);
    await expect(page).toHaveURL(/\/order-success/);
    await expect(page.getByRole('heading', { name: 'Thank You for Your Order!' })).toBeVisible();

    // UPI QR: the QR screen polls; completing the payment in the sandbox moves on to /order-success.
    await page.goto(`/payment?orderId=${byQr.id}`);
    await choosePaymentMethod(page, 'upi-qr');
    await expect(page.getByText('Scan QR Code to Complete Payment')).toBeVisible();
    await checkPage('payment-qr');
    await expectNoHorizontalScroll();
    await completeUpiInSandbox(context, byQr.id);
    await expect(page).toHaveURL(/\/order-success/, { timeout: 20_000 });

    // My Orders: both paid orders are Processing without Pay Now; the pending one offers Pay Now.
    await page.goto('/orders');
    const card = (id: string) => orderCard(page, id);
    for (const id of [declined.id, byQr.id]) {
      await expect(card(id).getByText('Processing', { exact: true })).toBeVisible();
      await expect(
        card(id)
          .getByRole('button', { name: 'Pay Now' })
          .or(card(id).getByRole('link', { name: 'Pay Now' })),
      ).toHaveCount(0);
    }
    await expect(card(pending.id).getByText('Pending', { exact: true })).toBeVisible();
    const payNow = card(pending.id)
      .getByRole('button', { name: 'Pay Now' })
      .or(card(pending.id).getByRole('link', { name: 'Pay Now' }));
    await expect(payNow).toHaveCount(1);
    await payNow.click();
    await expect(page).toHaveURL(new RegExp(`/payment\\?orderId=${pending.id}`));
  });

  test('payment page without an order id', async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    const token = await registerViaApi(request, newShopper('noid', testInfo.project.name));
    await signInBrowser(context, baseURL!, token);
    await page.goto('/payment');
    await expect(page.getByText('Order ID is missing. Please return to checkout.')).toBeVisible();
  });
});

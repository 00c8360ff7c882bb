import { readFileSync } from 'node:fs';
import {
  test,
  expect,
  newShopper,
  orderCard,
  plainProducts,
  registerViaApi,
  signInBrowser,
  toast,
} from '../support/fixtures';
import { adminHeaders, apiSignIn, openAdmin } from '../support/admin';
import { paidOrder } from '../support/after-sale';
import { haveFakeProviders, postShiprocketWebhook, shiprocketTracking } from '../support/providers';

/*
 * Shiprocket end to end (issue 28's "Done when"), against the local fake Shiprocket global setup
 * starts: staff book a paid order's shipment from its page (the courier order, the AWB, the
 * pickup, the label), print the label, and Shiprocket's tracking webhooks move the order to
 * Shipped, then Delivered, which the shopper sees in My Orders.
 */

test.skip(
  !haveFakeProviders(),
  'global setup started no fake Shiprocket (server started elsewhere)',
);

test('staff book a Shiprocket shipment and print its label; tracking webhooks deliver the order', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const shopper = newShopper('shiprocket', testInfo.project.name);
  const token = await registerViaApi(request, shopper);
  await signInBrowser(context, baseURL!, token);
  const [product] = await plainProducts(request, 1);
  const orderId = await paidOrder(page, request, token, product!.id, 2);
  const owner = await apiSignIn(request, 'owner');

  // The owner (the back office keeps its session in the tab, apart from the shopper's cookie)
  await openAdmin(page, owner, `/admin/orders/${orderId}`);
  const main = page.getByRole('main');
  const shipment = main.getByRole('region', { name: 'Shipment' });
  await shipment.getByRole('button', { name: 'Book shipment with Shiprocket' }).click();
  const awbCell = shipment.locator('dt:text-is("AWB") + dd');
  await expect(awbCell).toHaveText(/^\d{10,}$/);
  const awb = (await awbCell.textContent())!.trim();
  await expect(toast(page, `Booked with Shiprocket: AWB ${awb}`)).toBeVisible();
  await expect(shipment.getByText('Delhivery Surface (via Shiprocket)')).toBeVisible();
  await expect(shipment.getByText('Awaiting pickup')).toBeVisible();
  await expect(shipment.getByRole('button', { name: /Book shipment/ })).toHaveCount(0);

  // Print label saves the PDF Shiprocket made (the server keeps its own copy)
  const download = page.waitForEvent('download');
  await shipment.getByRole('button', { name: 'Print label' }).click();
  const label = await download;
  expect(label.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync(await label.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  const labelRes = await request.get(`/api/v1/admin/orders/${orderId}/shipment/label.pdf`, {
    headers: adminHeaders(owner),
  });
  expect(labelRes.status()).toBe(200);
  expect(labelRes.headers()['content-type']).toMatch(/^application\/pdf/);

  // Shiprocket's tracking: a wrong token is refused; PICKED UP ships the order, DELIVERED
  // delivers it, and the same DELIVERED again is a replay that changes nothing
  const pickedUp = shiprocketTracking(awb, 'PICKED UP', new Date(Date.now() - 60_000));
  expect((await postShiprocketWebhook(request, pickedUp, 'not-the-token')).status).toBe(401);
  expect(await postShiprocketWebhook(request, pickedUp)).toEqual({
    status: 200,
    outcome: 'applied',
  });
  await page.reload();
  await expect(main.getByText('Shipped', { exact: true }).first()).toBeVisible();
  await expect(shipment.getByText('In transit')).toBeVisible();

  const delivered = shiprocketTracking(awb, 'DELIVERED');
  expect(await postShiprocketWebhook(request, delivered)).toEqual({
    status: 200,
    outcome: 'applied',
  });
  expect(await postShiprocketWebhook(request, delivered)).toEqual({
    status: 200,
    outcome: 'replayed',
  });
  await page.reload();
  await expect(main.getByText('Delivered', { exact: true }).first()).toBeVisible();
  await expect(main.getByText('Shipped', { exact: true })).toHaveCount(0);

  // The shopper's My Orders
  await page.goto('/orders');
  await expect(orderCard(page, orderId).getByText('Delivered', { exact: true })).toBeVisible();
});

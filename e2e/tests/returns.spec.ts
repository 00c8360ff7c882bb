import { haveStaff, openAdmin, test, expect } from '../support/admin';
import {
  newShopper,
  orderCard,
  plainProducts,
  registerViaApi,
  signInBrowser,
  toast,
} from '../support/fixtures';
import { paidOrder, shipAndDeliver } from '../support/after-sale';

/*
 * After the sale (issue 27 item 2): a shopper cancels a Processing order from My Orders; a
 * delivered order gets a return request; the owner approves it, marks it received and refunds
 * it, and the credit note appears; the order's page in the back office and Track order list the
 * return.
 */

test.skip(!haveStaff(), 'global setup made no back-office people (server started elsewhere)');

test('a shopper cancels a Processing order and returns part of a delivered one; the owner refunds it with a credit note', async ({
  page,
  context,
  request,
  baseURL,
  ownerSession,
}, testInfo) => {
  const shopper = newShopper('returns', testInfo.project.name);
  const token = await registerViaApi(request, shopper);
  await signInBrowser(context, baseURL!, token);
  const [product] = await plainProducts(request, 1);

  // Cancel order on a Processing order: one confirmation, then Cancelled
  const toCancel = await paidOrder(page, request, token, product!.id, 2);
  await page.goto('/orders');
  const card = orderCard(page, toCancel);
  await expect(card.locator('header').getByText('Processing', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Cancel order' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(confirm).toContainText('The amount you paid will be refunded to the way you paid.');
  await confirm.getByRole('button', { name: 'Yes, cancel order' }).click();
  await expect(toast(page, 'Order cancelled')).toBeVisible();
  await expect(card.locator('header').getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(card.getByText('Cancelled by you')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  // A delivered order: Status history with its dates, and Request a return
  const toReturn = await paidOrder(page, request, token, product!.id, 2);
  await shipAndDeliver(request, ownerSession, toReturn);
  await page.goto('/orders');
  const delivered = orderCard(page, toReturn);
  await expect(delivered.locator('header').getByText('Delivered', { exact: true })).toBeVisible();
  await delivered.getByText('Status history').click();
  for (const stage of ['Placed', 'Paid', 'Shipped', 'Delivered'])
    await expect(delivered.getByRole('listitem').filter({ hasText: stage })).toBeVisible();
  await delivered.getByRole('button', { name: 'Request a return' }).click();
  const form = page.getByRole('dialog', { name: 'Request a return' });
  await form.getByLabel(product!.title).selectOption('1');
  await form
    .getByLabel('Why are you returning them?')
    .fill('One notebook arrived with a torn cover');
  await form.getByRole('button', { name: 'Send return request' }).click();
  await expect(toast(page, 'Return requested')).toBeVisible();
  await expect(delivered.getByRole('region', { name: 'Returns' })).toContainText(
    'Return requested',
  );

  // The owner: Returns, the request, Approve, Mark received, Refund
  const office = await context.newPage();
  await openAdmin(office, ownerSession, '/admin/returns?status=requested');
  const row = office.getByRole('row').filter({ hasText: toReturn });
  await row.getByRole('link').first().click();
  await expect(office.getByText('One notebook arrived with a torn cover')).toBeVisible();
  const approve = office.getByRole('form', { name: 'Approve' });
  await approve
    .getByLabel('Instructions for the shopper')
    .fill('Hand the parcel to India Post with the order number on it');
  await approve.getByRole('button', { name: 'Approve return' }).click();
  await expect(toast(office, 'Return approved')).toBeVisible();

  await office.getByRole('button', { name: 'Mark received' }).click();
  await office
    .getByRole('dialog', { name: 'Mark this return received?' })
    .getByRole('button', { name: 'Mark received' })
    .click();
  await expect(toast(office, 'Return received')).toBeVisible();

  const refund = office.getByRole('form', { name: 'Refund' });
  await expect(refund.getByLabel('Payment')).not.toHaveValue('');
  await refund.getByLabel('Reference').fill('UTR112233445566');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(toast(office, 'Refund recorded')).toBeVisible();
  await expect(office.getByText(/^Credit note /)).toBeVisible();

  // the order's page lists its return, and its link opens the return in Returns
  await office.goto(`/admin/orders/${toReturn}`);
  const orderReturns = office.getByRole('region', { name: 'Returns' });
  await expect(orderReturns).toContainText('Refunded');
  await expect(orderReturns).toContainText(`${product!.title} × 1`);
  await orderReturns.getByRole('link', { name: /^Return / }).click();
  await expect(office).toHaveURL(/\/admin\/returns\/[^/?]+$/);
  await expect(office.getByText('One notebook arrived with a torn cover')).toBeVisible();

  // the shopper sees it refunded, on My Orders and on Track order
  await page.reload();
  const returns = orderCard(page, toReturn).getByRole('region', { name: 'Returns' });
  await expect(returns).toContainText('Refunded');
  await page.goto(`/track-order?id=${toReturn}`);
  await page.getByLabel('Email or Phone').fill(shopper.email);
  await page.getByRole('button', { name: 'Track Order' }).click();
  const tracked = page.getByRole('region', { name: 'Returns' });
  await expect(tracked).toContainText(`${product!.title} × 1`);
  await expect(tracked).toContainText('Refunded');
});

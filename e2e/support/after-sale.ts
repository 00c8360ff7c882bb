import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { adminHeaders, type StaffSession } from './admin';
import { createOrderViaApi } from './fixtures';
import { approveInGateway, choosePaymentMethod } from './payment';

/*
 * Orders that reach the shopper, for the journeys about what comes after the sale (returns,
 * reviews): paid through the sandbox gateway, then shipped and delivered by staff.
 */

/** An order of `quantity` units of a plain product, paid through the sandbox gateway: Processing. */
export async function paidOrder(
  page: Page,
  request: APIRequestContext,
  token: string,
  productId: string,
  quantity = 1,
): Promise<string> {
  const order = await createOrderViaApi(request, token, { [productId]: quantity });
  await page.goto(`/payment?orderId=${order.id}`);
  await choosePaymentMethod(page, 'gateway');
  await approveInGateway(page);
  await expect(page).toHaveURL(/\/order-success/);
  return order.id;
}

/** Ship and deliver through the back office's API, as staff would from the order page. */
export async function shipAndDeliver(
  request: APIRequestContext,
  owner: StaffSession,
  orderId: string,
): Promise<void> {
  const headers = adminHeaders(owner);
  const shipped = await request.post(`/api/v1/admin/orders/${orderId}/ship`, {
    headers,
    data: { carrier: 'India Post', trackingNumber: 'EE123456785IN' },
  });
  expect(shipped.status(), await shipped.text()).toBe(200);
  const delivered = await request.post(`/api/v1/admin/orders/${orderId}/deliver`, {
    headers,
    data: {},
  });
  expect(delivered.status(), await delivered.text()).toBe(200);
}

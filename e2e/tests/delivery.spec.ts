import {
  test,
  expect,
  isFullyInStock,
  listProducts,
  needsNoChoice,
  newShopper,
  registerViaApi,
  signInBrowser,
  shipping,
} from '../support/fixtures';
import { addProductToCart } from '../support/shop';

/** "Delivery by Thu, 27 Nov – Tue, 2 Dec" or a single "Delivery by Fri, 28 Nov". */
const estimateText = /Delivery by \w{3}, \d{1,2} \w{3}( – \w{3}, \d{1,2} \w{3})?/;

test('PIN look-up: the product page estimates delivery; checkout fills the city and state from "560 038" and refuses a Delhi PIN with Tamil Nadu', async ({
  page,
  context,
  request,
  baseURL,
  checkPage,
}, testInfo) => {
  const products = await listProducts(request);
  const product = products.find((p) => isFullyInStock(p) && needsNoChoice(p))!;

  // Product page: Check delivery for 560038 (the demo store sends from Kolkata: a metro).
  await page.goto(`/product/${product.id}`);
  const check = page.getByRole('region', { name: 'Check delivery' });
  // (the box may hydrate after the keystrokes: the journey below holds its code back to see that)
  await check.getByLabel('PIN code').fill('560038');
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(check.getByText(estimateText)).toBeVisible();
  await expect(check.getByText('to Bangalore, Karnataka (560038)')).toBeVisible();
  await checkPage('product with delivery estimate');

  // The PIN is remembered: the next product page answers without asking.
  const other = products.find((p) => p.id !== product.id)!;
  await page.goto(`/product/${other.id}`);
  await expect(
    page.getByRole('region', { name: 'Check delivery' }).getByText(estimateText),
  ).toBeVisible();

  // Checkout, signed in: "560 038" fills a blank city and state, and shows the estimate.
  const token = await registerViaApi(request, newShopper('delivery', testInfo.project.name));
  await signInBrowser(context, baseURL!, token);
  await addProductToCart(page, product);
  await page.goto('/checkout');
  await page.getByLabel('Full Name').fill(shipping.fullName);
  await page.getByLabel('Address', { exact: true }).fill(shipping.address);
  await page.getByLabel('Phone').fill(shipping.phone.replace('+91', ''));

  // First a Delhi PIN with Tamil Nadu chosen: the state field says where the PIN is.
  await page.getByLabel('City').fill('Chennai');
  await page.getByLabel('State').selectOption('Tamil Nadu');
  await page.getByLabel('PIN Code').fill('110001');
  const state = page.getByLabel('State');
  await expect(page.getByText('PIN 110001 is in Delhi', { exact: true })).toBeVisible();
  await expect(state).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(state).toBeFocused();
  await checkPage('checkout with a PIN in another state');

  // Then the shopper's real address: cleared city and state are filled from the PIN.
  await page.getByLabel('City').fill('');
  await state.selectOption('');
  await page.getByLabel('PIN Code').fill('560 038');
  await expect(page.getByLabel('City')).toHaveValue('Bangalore');
  await expect(state).toHaveValue('Karnataka');
  await expect(state).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('main').getByText(estimateText)).toBeVisible();

  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/payment\?orderId=/);
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  const order = await request.get(`/api/v1/orders/${orderId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(order.status()).toBe(200);
  expect((await order.json()).shippingAddress).toMatchObject({
    city: 'Bangalore',
    state: 'Karnataka',
    postalCode: '560038',
  });
});

test('Check delivery before its code has arrived: a PIN checked is answered by the server, a PIN only typed is kept', async ({
  page,
  request,
}) => {
  const products = await listProducts(request);
  const product = products.find((p) => isFullyInStock(p) && needsNoChoice(p))!;
  // The box's code is held back (a slow phone network) while the shopper types.
  let release!: () => void;
  let held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/delivery-check-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/product/${product.id}`);
  let check = page.getByRole('region', { name: 'Check delivery' });
  await check.getByLabel('PIN code').pressSequentially('560038');
  await check.getByRole('button', { name: 'Check' }).click();
  // The server's form asked for the page with the PIN and answers it, before any code has run.
  await expect(page).toHaveURL(/\?pin=560038$/);
  await expect(check.getByText(estimateText)).toBeVisible();
  await expect(check.getByText('to Bangalore, Karnataka (560038)')).toBeVisible();
  await expect(check.getByLabel('PIN code')).toHaveValue('560038');
  release();
  // Once hydrated, the PIN is remembered like one checked in the box: the delivery line says it.
  await expect(page.getByTestId('delivery-line')).toContainText('560038');

  // Typed but not yet checked when the code arrives: the PIN stays in the box and Check answers it.
  held = new Promise<void>((resolve) => (release = resolve));
  const other = products.find((p) => p.id !== product.id && isFullyInStock(p) && needsNoChoice(p))!;
  await page.goto(`/product/${other.id}`);
  check = page.getByRole('region', { name: 'Check delivery' });
  await check.getByLabel('PIN code').fill('110001');
  release();
  await page.waitForResponse(/\/assets\/delivery-check-[^/]+\.js$/);
  // whether Check lands just before the box hydrates or after, the shopper gets their answer
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(check.getByText('to Central Delhi, Delhi (110001)')).toBeVisible();
  await expect(check.getByLabel('PIN code')).toHaveValue('110001');
});

// Issue 26: a shopper is remembered. The address saved with an order is preselected at the next
// checkout; name, e-mail and mobile are prefilled on the payment form, after a decline too.
import {
  test,
  expect,
  newShopper,
  plainProducts,
  registerViaApi,
  shipping,
  signInBrowser,
} from '../support/fixtures';
import { addProductToCart, fillShipping } from '../support/shop';
import { choosePaymentMethod, declineInGateway } from '../support/payment';

test('a shopper saves an address at checkout and finds it preselected at the next one', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const shopper = newShopper('addresses', testInfo.project.name);
  await signInBrowser(context, baseURL!, await registerViaApi(request, shopper));
  const [product] = await plainProducts(request, 1);

  // First checkout: nothing saved yet; the name comes from the account.
  await addProductToCart(page, product!);
  await page.goto('/checkout');
  await expect(page.getByLabel('Full Name')).toHaveValue('Asha Verma');
  await expect(page.getByRole('group', { name: 'Saved addresses' })).toHaveCount(0);
  await fillShipping(page);
  await page.getByLabel('Save this address').check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/payment\?orderId=/);

  // The payment form knows the shopper: name, e-mail, and the mobile just given.
  const prefilled = async () => {
    await expect(page.getByLabel('Name of the payer')).toHaveValue('Asha Verma');
    await expect(page.getByLabel('Email for the receipt')).toHaveValue(shopper.email);
    await expect(page.getByLabel('Mobile number')).toHaveValue(shipping.phone);
  };
  await prefilled();
  // ...and again when a declined payment brings them back
  await choosePaymentMethod(page, 'gateway');
  await declineInGateway(page);
  await expect(page).toHaveURL(/\/payment\?.*orderId=/);
  await prefilled();

  // Next checkout: the saved address is preselected and fills the form.
  await addProductToCart(page, product!);
  await page.goto('/checkout');
  const saved = page.getByRole('group', { name: 'Saved addresses' });
  await expect(saved.getByRole('radio').first()).toBeChecked();
  await expect(saved).toContainText('Default');
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue(shipping.address);
  await expect(page.getByLabel('PIN Code')).toHaveValue(shipping.postalCode);
  await expect(page.getByLabel('Phone')).toHaveValue(shipping.phone);
  // already saved: nothing to tick
  await expect(page.getByLabel('Save this address')).toHaveCount(0);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/payment\?orderId=/);

  // The address book holds it once, as the default.
  await page.goto('/account');
  await page.getByRole('link', { name: /My Addresses/ }).click();
  await expect(page).toHaveURL(/\/account\/addresses$/);
  const entries = page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(shipping.address);
  await expect(entries.first()).toContainText('Default');
});

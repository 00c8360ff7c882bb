import { plainProducts, shipping } from '../support/fixtures';
import { approveInGateway, choosePaymentMethod } from '../support/payment';
import {
  adminScreen,
  haveStaff,
  navigateTo,
  openAdmin,
  runTag,
  test,
  expect,
} from '../support/admin';

/*
 * An order taken by phone (issue 27 item 7; docs/decisions/back-office-new-order.md): the owner
 * places it for a new customer with a payment link, the customer opens the link in their own
 * browser (never signed in), pays with the sandbox gateway, and the back office shows it paid.
 */

test.skip(!haveStaff(), 'global setup made no back-office people (server started elsewhere)');

test('New order by phone for a new customer, paid through the payment link', async ({
  page,
  browser,
  ownerSession,
  request,
  baseURL,
}, testInfo) => {
  const isMobile = !!testInfo.project.use.isMobile;
  const tag = runTag(testInfo.project.name);
  const email = `phone.${tag}@example.in`;
  const [product] = await plainProducts(request, 1);

  await openAdmin(page, ownerSession);
  await navigateTo(page, isMobile, adminScreen('Orders'));
  await page.getByRole('main').getByRole('link', { name: 'New order' }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'New order' })).toBeVisible();

  await main.getByLabel('New customer').check();
  await main.getByLabel('First name').fill('Meera');
  await main.getByLabel('Last name').fill('Nair');
  await main.getByLabel('Email', { exact: true }).fill(email);
  await main.getByLabel('Mobile number').fill('+91 98450 12345');

  await main.getByLabel('Find a product').fill(product!.title.slice(0, 12));
  await main
    .getByRole('list', { name: 'Matching products' })
    .getByRole('button', { name: new RegExp(product!.title.replace(/[()]/g, '.')) })
    .first()
    .click();
  await main.getByLabel('Quantity').fill('2');

  await main.getByLabel('Full Name').fill(shipping.fullName);
  await main.getByLabel('Phone', { exact: true }).fill(shipping.phone);
  await main.getByLabel('Address', { exact: true }).fill(shipping.address);
  await main.getByLabel('City').fill(shipping.city);
  await main.getByLabel('State').selectOption(shipping.state);
  await main.getByLabel('PIN code').fill(shipping.postalCode);
  await main.getByLabel('Payment link').check();
  // the server's totals before placing
  const total = main.getByTestId('new-order-total');
  await expect(total).toContainText('₹');
  const shown = (await total.textContent())!;

  await main.getByRole('button', { name: 'Place order' }).click();
  const placed = main.getByRole('heading', { name: /^Order [0-9A-Z]{10} placed$/ });
  await expect(placed).toBeVisible();
  const orderId = (await placed.textContent())!.match(/Order ([0-9A-Z]{10})/)![1]!;
  await expect(main.getByText(/A new account was made/)).toBeVisible();
  const link = await main.getByLabel('Payment link').inputValue();
  expect(link).toContain(`/payment?orderId=${orderId}#payToken=`);

  // the customer's own browser: no session, only the link
  const customer = await browser.newContext({ baseURL });
  const shop = await customer.newPage();
  await shop.goto(link);
  await expect(shop.getByText(`Order #${orderId}`)).toBeVisible();
  await expect(shop.getByTestId('amount-to-pay')).toContainText(shown.replace(/\s/g, ''));
  await choosePaymentMethod(shop, 'gateway');
  await approveInGateway(shop);
  await expect(shop).toHaveURL(/\/order-success/);
  await customer.close();

  // the back office: paid, and the timeline says who took the order
  await page.goto(`/admin/orders/${orderId}`);
  await expect(main.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(main.getByText(/Order placed by .* for /)).toBeVisible();
});

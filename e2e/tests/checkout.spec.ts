import {
  test,
  expect,
  isFullyInStock,
  listProducts,
  newShopper,
  orderCard,
  sizesOf,
  toast,
} from '../support/fixtures';
import { addProductToCart, fillRegistration, fillShipping, logIn } from '../support/shop';
import { approveInGateway, choosePaymentMethod } from '../support/payment';

test('visitor checks out: login required → register → login → order → gateway approve → My Orders', async ({
  page,
  request,
  checkPage,
  expectNoHorizontalScroll,
}, testInfo) => {
  const shopper = newShopper('checkout', testInfo.project.name);
  const products = await listProducts(request);
  const product = products.find((p) => isFullyInStock(p) && sizesOf(p).length <= 1)!;
  await addProductToCart(page, product);

  // Checkout asks a visitor to log in, remembering /checkout.
  await page
    .getByRole('main')
    .getByRole('button', { name: 'Checkout' })
    .or(page.getByRole('main').getByRole('link', { name: 'Checkout' }))
    .first()
    .click();
  await expect(toast(page, 'Login Required')).toBeVisible();
  await expect(toast(page, 'Please login to proceed with checkout')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await checkPage('login');
  await expectNoHorizontalScroll();
  for (const href of ['/', '/register', '/forgot-password', '/terms', '/privacy']) {
    await expect(page.locator(`a[href="${href}"]`).first(), `login links to ${href}`).toBeVisible();
  }

  // No account yet: register. Every validation message shows, each exactly once.
  await page
    .getByRole('link', { name: /sign up|register|create/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/register/);
  await checkPage('register');
  await fillRegistration(page, {
    firstName: 'A',
    lastName: 'B',
    email: 'not-an-email',
    password: '123',
    confirmPassword: '124',
  });
  await page.getByRole('button', { name: /create account|register|sign up/i }).click();
  for (const message of [
    'First name must be at least 2 characters',
    'Last name must be at least 2 characters',
    'Invalid email address',
    'Password must be at least 6 characters',
    'Passwords do not match',
  ]) {
    await expect(page.getByText(message, { exact: true })).toHaveCount(1);
  }
  await checkPage('register-errors');
  await fillRegistration(page, shopper);
  await page.getByRole('button', { name: /create account|register|sign up/i }).click();
  await expect(toast(page, 'Account created successfully. You can now log in.')).toBeVisible();
  // Registration does not log in.
  await expect(page).toHaveURL(/\/$|\/login/);

  // Back to the cart, checkout again, log in: the store returns to /checkout.
  await page.goto('/cart');
  await page
    .getByRole('main')
    .getByRole('button', { name: 'Checkout' })
    .or(page.getByRole('main').getByRole('link', { name: 'Checkout' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/login/);
  await logIn(page, shopper);
  await expect(toast(page, 'Logged in successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);

  // The order.
  await expect(page.getByRole('main').getByText(product.title).first()).toBeVisible();
  await checkPage('checkout');
  await expectNoHorizontalScroll();
  await page.getByRole('button', { name: /place order/i }).click();
  await expect(
    page
      .getByText('Please fill all fields', { exact: true })
      .or(page.getByText('This field is required').first()),
  ).toBeVisible();
  await fillShipping(page);
  await page.getByRole('button', { name: /place order/i }).click();
  await expect(page).toHaveURL(/\/payment\?orderId=/);
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  await checkPage('payment');
  await expectNoHorizontalScroll();

  // Pay through the store's sandbox gateway, approve.
  await choosePaymentMethod(page, 'gateway');
  await approveInGateway(page);
  await expect(page).toHaveURL(/\/order-success/);
  await expect(page.getByRole('heading', { name: 'Thank You for Your Order!' })).toBeVisible();
  await checkPage('order-success');

  // My Orders: the paid order is Processing and offers no Pay Now.
  await page
    .getByRole('main')
    .getByRole('link', { name: /orders/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/orders$/);
  const card = orderCard(page, orderId);
  await expect(card).toBeVisible();
  await expect(card.getByText('Processing', { exact: true })).toBeVisible();
  await expect(
    card.getByRole('button', { name: 'Pay Now' }).or(card.getByRole('link', { name: 'Pay Now' })),
  ).toHaveCount(0);
  await expect(card.getByText(product.title).first()).toBeVisible();
  await checkPage('orders');
  await expectNoHorizontalScroll();
});

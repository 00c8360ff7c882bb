import {
  test,
  expect,
  createOrderViaApi,
  getStoreInfo,
  plainProducts,
  newShopper,
  registerViaApi,
  shipping,
  signInBrowser,
  toast,
} from '../support/fixtures';

test('a visitor tracks an order: found, then a wrong contact', async ({
  page,
  request,
  baseURL,
  checkPage,
  expectNoHorizontalScroll,
}, testInfo) => {
  const shopper = newShopper('track', testInfo.project.name);
  const token = await registerViaApi(request, shopper);
  const [product] = await plainProducts(request, 1);
  const order = await createOrderViaApi(request, token, { [product!.id]: 2 });
  void baseURL;

  await page.goto('/track-order');
  const orderNumber = page.getByLabel('Order Number');
  const contact = page.getByLabel('Email or Phone');
  await expect(orderNumber).toBeVisible();
  // Both fields are required.
  await page.getByRole('button', { name: /track/i }).click();
  await expect(
    page
      .getByText('Required fields', { exact: true })
      .or(page.getByText('Please enter both order number and email/phone')),
  ).not.toHaveCount(0);

  await orderNumber.fill(order.id);
  await contact.fill(shopper.email.toUpperCase());
  await page.getByRole('button', { name: /track/i }).click();
  await expect(toast(page, 'Order found')).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText(order.id).first()).toBeVisible();
  await expect(main.getByText('Pending', { exact: true }).first()).toBeVisible();
  await expect(main.getByText(product!.title).first()).toBeVisible();
  await expect(main.getByText(shipping.city, { exact: false }).first()).toBeVisible();
  await checkPage('track-order');
  await expectNoHorizontalScroll();

  // The order number prefills from ?id=, and a wrong contact finds nothing.
  await page.goto(`/track-order?id=${order.id}`);
  await expect(page.getByLabel('Order Number')).toHaveValue(order.id);
  await page.getByLabel('Email or Phone').fill('someone-else@example.com');
  await page.getByRole('button', { name: /track/i }).click();
  await expect(
    page.getByText('Failed to find order. Please check your information and try again.').first(),
  ).toBeVisible();
  await expect(main.getByText(product!.title)).toHaveCount(0);

  // The shipping phone works as the contact too.
  await page.getByLabel('Email or Phone').fill(shipping.phone.replace('+91', ''));
  await page.getByRole('button', { name: /track/i }).click();
  await expect(main.getByText(product!.title).first()).toBeVisible();
});

test('account page and sign out', async ({
  page,
  context,
  request,
  baseURL,
  checkPage,
  expectNoHorizontalScroll,
}, testInfo) => {
  const shopper = newShopper('account', testInfo.project.name);
  const token = await registerViaApi(request, shopper);
  await signInBrowser(context, baseURL!, token);

  await page.goto('/account');
  const main = page.getByRole('main');
  await expect(main.getByText(`${shopper.firstName} ${shopper.lastName}`).first()).toBeVisible();
  await expect(main.getByText(shopper.email).first()).toBeVisible();
  await expect(main.getByRole('link', { name: /orders/i }).first()).toHaveAttribute(
    'href',
    '/orders',
  );
  await checkPage('account');
  await expectNoHorizontalScroll();

  await main.getByRole('button', { name: 'Sign Out' }).click();
  await expect(toast(page, 'You have been logged out successfully.')).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'auth_token')).toBeUndefined();
  // Protected pages send a visitor to /login again.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login/);
});

test('policy pages, a reserved slug and an unknown path', async ({
  page,
  request,
  checkPage,
  expectNoHorizontalScroll,
}) => {
  const info = await getStoreInfo(request);
  const titles: Record<string, RegExp> = {
    terms: /terms/i,
    privacy: /privacy/i,
    refund: /refund/i,
    return: /return/i,
    shipping: /shipping/i,
    about: /about/i,
  };
  // The first by address, the rest through the footer's Help links (as a shopper would).
  await page.goto('/terms');
  for (const [slug, title] of Object.entries(titles)) {
    if (slug !== 'terms')
      await page.getByRole('contentinfo').getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/${slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Policy Information', { exact: true })).toBeVisible();
    // no stray picture sits in the text, and the title is not repeated inside it
    await expect(page.getByRole('main').locator('img')).toHaveCount(0);
    const h1 = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
    await expect(
      page.getByRole('main').getByRole('heading', { name: h1, exact: true }),
    ).toHaveCount(1);
    await expect(page).toHaveTitle(
      new RegExp(`${info.companyName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
    // Placeholders are replaced by the store's details.
    await expect(page.getByRole('main')).not.toContainText('{companyName}');
    await expect(page.getByRole('main')).not.toContainText('{{');
    if (slug === 'privacy' || slug === 'terms') await checkPage(`policy-${slug}`);
  }
  await expectNoHorizontalScroll();

  // Reserved words that are no page of their own, and unknown slugs, are not policies: /404.
  for (const slug of ['product', 'no-such-policy']) {
    await page.goto(`/${slug}`);
    await expect(page, `/${slug}`).toHaveURL(/\/404$/);
  }
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.goto('/some/unknown/path');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await checkPage('404');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('contact form, newsletter and API test', async ({
  page,
  request,
  checkPage,
  expectNoHorizontalScroll,
}) => {
  const info = await getStoreInfo(request);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET') calls.push(`${r.method()} ${r.url()}`);
  });

  await page.goto('/contact');
  const main = page.getByRole('main');
  await expect(main.getByText(info.companyName).first()).toBeVisible();
  await expect(main.getByRole('link', { name: info.companyEmail })).toHaveAttribute(
    'href',
    `mailto:${info.companyEmail}`,
  );
  await expect(main.getByText('Monday to Saturday, 10AM - 6PM')).toBeVisible();
  await checkPage('contact');
  await expectNoHorizontalScroll();
  await page.getByLabel('Your Name').fill('Asha Verma');
  await page.getByLabel('Email Address').fill('asha@example.com');
  await page.getByLabel('Subject').fill('Bulk order of A5 diaries');
  await page.getByLabel('Your Message').fill('Do you offer a discount for 200 diaries?');
  await main.getByRole('button', { name: /send/i }).click();
  await expect(main.getByRole('button', { name: 'Sending...' })).toBeVisible();
  await expect(toast(page, 'Message Sent')).toBeVisible({ timeout: 5_000 });
  await expect(
    toast(page, "Thank you for contacting us. We'll get back to you shortly."),
  ).toBeVisible();
  await expect(page.getByLabel('Your Name')).toHaveValue('');

  // Newsletter on the home page: a toast, the field clears.
  await page.goto('/');
  // as a shopper does: the form is fetched when its section nears the viewport
  await page.getByRole('heading', { name: 'Subscribe to Our Newsletter' }).scrollIntoViewIfNeeded();
  const email = page.getByRole('main').getByRole('textbox', { name: /email/i }).last();
  await email.fill('reader@example.com');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(toast(page, 'Subscribed!')).toBeVisible();
  await expect(toast(page, 'Thank you for subscribing to our newsletter.')).toBeVisible();
  await expect(email).toHaveValue('');
  // each form sends to the shop (issue 27: a shop must not thank a visitor and drop the message)
  expect(calls.map((c) => c.replace(/^(POST) https?:\/\/[^/]+/, '$1 '))).toEqual([
    'POST /api/v1/contact',
    'POST /api/v1/newsletter',
  ]);

  // API test page.
  await page.goto('/api-test');
  await page.getByRole('button', { name: /test/i }).first().click();
  await expect(page.getByRole('main')).toContainText('/api/v1');
  await expect(page.getByRole('main')).toContainText('127.0.0.1');
  await checkPage('api-test');
  await expectNoHorizontalScroll();
});

import { test, expect, listProducts, type ApiProduct } from '../support/fixtures';

/** "Delivery by Thu, 27 Nov – Tue, 2 Dec to 560038" or a single "Delivery by Fri, 28 Nov to 560038". */
const deliveryLine = /^Delivery by \w{3}, \d{1,2} \w{3}( – \w{3}, \d{1,2} \w{3})? to 560038$/;

test('product page: breadcrumbs, stock and delivery lines, the enlarged image and related products', async ({
  page,
  request,
  checkPage,
  expectNoHorizontalScroll,
  isMobile,
}) => {
  // the longest title with a parent category: the breadcrumb that most needs to truncate on a phone
  const products = await listProducts(request);
  const product = products
    .filter((p): p is ApiProduct & { parentCategory: string } => !!p.parentCategory)
    .sort((a, b) => b.title.length - a.title.length)[0]!;
  const relatedRes = await request.get(`/api/v1/products/${product.id}/related?limit=4`);
  expect(relatedRes.status(), await relatedRes.text()).toBe(200);
  const related = ((await relatedRes.json()) as { data: ApiProduct[] }).data;
  expect(related.length).toBeGreaterThan(0);

  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();

  // Breadcrumbs: Home › parent › category › the product, on one line that never widens the page;
  // a phone shows Home and the category in full (the h1 holds the title)
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(trail.getByRole('listitem')).toHaveText(
    isMobile
      ? ['Home', product.category]
      : ['Home', product.parentCategory, product.category, product.title],
  );
  await expect(trail.getByText(product.title)).toHaveAttribute('aria-current', 'page');
  await expectNoHorizontalScroll();

  // Stock and delivery beside the price: no PIN checked yet, so the line leads to the PIN box.
  // (the first: the related cards below say it too)
  await expect(page.getByText(/^(In stock|Only \d+ left|Sold out)$/).first()).toBeVisible();
  const delivery = page.getByTestId('delivery-line');
  await delivery.getByRole('button', { name: 'Check the delivery date for your PIN code' }).click();
  const check = page.getByRole('region', { name: 'Check delivery' });
  await expect(check.getByLabel('PIN code')).toBeFocused();
  await check.getByLabel('PIN code').fill('560038');
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(delivery).toHaveText(deliveryLine);

  // The image opens larger; Escape closes it and focus returns to the image.
  const enlarge = page.getByRole('button', { name: 'Enlarge image' });
  await enlarge.click();
  const dialog = page.getByRole('dialog', { name: product.title });
  await expect(dialog.getByRole('img')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close image' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(enlarge).toBeFocused();

  // You may also like: the server's related products, as cards, fetched as the shopper nears them.
  await page.getByRole('heading', { name: 'You may also like' }).scrollIntoViewIfNeeded();
  const list = page.getByRole('list', { name: 'Related products' });
  await expect(list.getByRole('listitem')).toHaveCount(related.length);
  await checkPage('product page');
  await expectNoHorizontalScroll();

  // Open one: its page, with the remembered PIN's delivery line at once; its category crumb
  // opens the category's listing.
  const next = related[0]!;
  await list.getByRole('link', { name: next.title, exact: true }).click();
  await expect(page).toHaveURL(`/product/${next.id}`);
  await expect(page.getByRole('heading', { level: 1, name: next.title })).toBeVisible();
  await expect(page.getByTestId('delivery-line')).toHaveText(deliveryLine);
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: next.category, exact: true })
    .click();
  await expect(page).toHaveURL(
    `/products?category=${encodeURIComponent(next.category.toLowerCase())}`,
  );
  await expect(
    page.getByRole('main').getByRole('link', { name: next.title, exact: true }).first(),
  ).toBeVisible();
});

import type { Page } from '@playwright/test';
import { haveStaff, openAdmin, runTag, test, expect } from '../support/admin';
import { newShopper, plainProducts, registerViaApi, signInBrowser } from '../support/fixtures';
import { paidOrder, shipAndDeliver } from '../support/after-sale';

/*
 * Reviews (issue 27 item 3): a shopper whose order was delivered writes a review of the product,
 * the owner publishes it in Reviews, and the product page shows it with the average; the page's
 * JSON-LD carries the AggregateRating.
 */

test.skip(!haveStaff(), 'global setup made no back-office people (server started elsewhere)');

/** The Product JSON-LD of the page as the server sent it. */
async function productLd(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((ld) => ld['@type'] === 'Product')!;
}

test('a shopper who received a product reviews it; the owner publishes it; the page shows it with the average and AggregateRating', async ({
  page,
  context,
  request,
  baseURL,
  ownerSession,
}, testInfo) => {
  const tag = runTag(testInfo.project.name);
  const title = `Smooth paper ${tag}`;
  const shopper = newShopper('reviews', testInfo.project.name);
  const token = await registerViaApi(request, shopper);
  await signInBrowser(context, baseURL!, token);
  const [product] = await plainProducts(request, 1);
  const orderId = await paidOrder(page, request, token, product!.id);
  await shipAndDeliver(request, ownerSession, orderId);

  // Write a review: stars by keyboard, a title, the text
  await page.goto(`/product/${product!.id}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await reviews.scrollIntoViewIfNeeded();
  const form = reviews.getByRole('form', { name: 'Write a review' });
  await expect(form).toBeVisible();
  await form.getByRole('radio', { name: '4 stars' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Your review').fill('No bleed with a fountain pen, even on both sides.');
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(
    reviews.getByText('Thanks! Your review will appear once the shop has checked it.'),
  ).toBeVisible();

  // The owner publishes it in Reviews
  const office = await context.newPage();
  await openAdmin(office, ownerSession, '/admin/reviews?status=pending');
  await expect(office.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
  const row = office.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(`${shopper.firstName} ${shopper.lastName}`);
  await row.getByRole('button', { name: /^Publish/ }).click();
  await office.getByLabel('Status').selectOption('published');
  const published = office.getByRole('row').filter({ hasText: title });
  await expect(published.getByRole('button', { name: /^Hide/ })).toBeVisible();
  await expect(published).toContainText('Published');

  // The product page: the review, the average and count, the JSON-LD
  await page.reload();
  await reviews.scrollIntoViewIfNeeded();
  await expect(reviews.getByRole('article', { name: title })).toBeVisible();
  await expect(
    reviews.getByRole('img', { name: /^Rated [\d.]+ out of 5, \d+ reviews?$/ }),
  ).toBeVisible();
  await expect(
    page.getByRole('link', { name: /^Rated [\d.]+ out of 5, \d+ reviews?$/ }),
  ).toBeVisible();
  const ld = await productLd(page);
  expect(ld.aggregateRating).toMatchObject({
    '@type': 'AggregateRating',
    bestRating: 5,
    worstRating: 1,
  });
  const rating = ld.aggregateRating as { ratingValue: number; reviewCount: number };
  expect(rating.reviewCount).toBeGreaterThanOrEqual(1);
  expect(rating.ratingValue).toBeGreaterThanOrEqual(1);
  expect(rating.ratingValue).toBeLessThanOrEqual(5);
});

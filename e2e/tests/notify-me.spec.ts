import type { Page } from '@playwright/test';
import { toast, uniqueEmail } from '../support/fixtures';
import {
  adminHeaders,
  expect,
  haveStaff,
  openAdmin,
  openOutboxAsStaff,
  runTag,
  test,
} from '../support/admin';

/*
 * "Notify me" (docs/decisions/stock-alerts.md): a visitor asks to be told about a sold-out product,
 * another from its card's quick view in the listing, the owner restocks it in the back office, and
 * the shop e-mails each visitor once. The product is this journey's own (made sold out through the
 * admin API), so no other journey's stock moves.
 */

const heading = (page: Page, name: string) =>
  page.getByRole('main').getByRole('heading', { level: 1, name, exact: true });

test.skip(!haveStaff(), 'global setup made no back-office people (server started elsewhere)');
test.skip(({ isMobile }) => isMobile, 'one run is enough: the desktop journey');

test('a visitor asks to be told when a sold-out product is back; the owner restocks it; the outbox holds the e-mail', async ({
  page,
  browser,
  request,
  ownerSession,
  baseURL,
}, testInfo) => {
  const title = `E2E Brass Sharpener ${runTag(testInfo.project.name)}`;
  const created = await request.post('/api/v1/admin/products', {
    headers: adminHeaders(ownerSession),
    data: {
      title,
      description: 'A brass pencil sharpener.',
      category: 'Accessories',
      parentCategory: null,
      regularPrice: 120,
      discountedPrice: null,
      hsnCode: '8214',
      gstRateBp: 1800,
      stock: 0,
      featured: false,
      published: true,
      images: [],
      attributes: [],
      variantStock: [],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // the visitor finds it sold out: Notify me instead of Add to Cart
  const email = uniqueEmail('notify', testInfo.project.name);
  await page.goto(`/product/${id}`);
  const main = page.getByRole('main');
  await expect(heading(page, title)).toBeVisible();
  await expect(main.getByRole('button', { name: 'Add to Cart', exact: true })).toHaveCount(0);
  await main.getByRole('button', { name: 'Notify me', exact: true }).click();
  await main.getByLabel('E-mail me when it is back in stock').fill(email);
  await main.getByRole('button', { name: 'Notify me', exact: true }).click();
  await expect(main.getByText("We'll e-mail you when it's back in stock.")).toBeVisible();

  // another visitor finds it in the listing: the card offers Notify me, whose quick view asks
  const fromCard = uniqueEmail('notify-card', testInfo.project.name);
  await page.goto(`/products?q=${encodeURIComponent(title)}`);
  const card = main
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });
  await expect(card.getByRole('button', { name: `Add ${title} to cart` })).toHaveCount(0);
  await card.getByRole('button', { name: `Notify me when ${title} is back` }).click();
  const quickView = page.getByRole('dialog', { name: title });
  await quickView.getByLabel('E-mail me when it is back in stock').fill(fromCard);
  await quickView.getByRole('button', { name: 'Notify me', exact: true }).click();
  await expect(quickView.getByText("We'll e-mail you when it's back in stock.")).toBeVisible();

  // the owner puts 8 on the shelf from the product form
  await openAdmin(page, ownerSession, `/admin/products/${id}`);
  await expect(heading(page, 'Edit product')).toBeVisible();
  const form = page.getByRole('form', { name: 'Product' });
  await form.getByLabel('Stock', { exact: true }).fill('8');
  await form.getByRole('button', { name: 'Save product' }).click();
  await expect(toast(page, 'Product saved')).toBeVisible();

  // the staff's demo outbox has one "back in stock" e-mail to the visitor, naming the product
  const outbox = await openOutboxAsStaff(browser, ownerSession, baseURL!);
  const rows = outbox.getByTestId('outbox-row').filter({ hasText: email });
  const subject = `Back in stock: ${title}`;
  const cardRows = outbox.getByTestId('outbox-row').filter({ hasText: fromCard });
  await expect(async () => {
    await outbox.goto('/demo/outbox');
    await expect(rows.getByRole('link', { name: subject, exact: true })).toBeVisible({
      timeout: 1_000,
    });
    await expect(cardRows.getByRole('link', { name: subject, exact: true })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(rows).toHaveCount(1);
  await expect(cardRows).toHaveCount(1);
  await expect(rows).toHaveAttribute('data-kind', 'back_in_stock');
  await rows.getByRole('link', { name: subject, exact: true }).click();
  await expect(outbox.getByRole('heading', { name: 'Back in stock' })).toBeVisible();
  await expect(outbox.getByRole('link', { name: 'View the product' })).toHaveAttribute(
    'href',
    new RegExp(`^https?://[^/]+/product/${id}$`),
  );
  await outbox.context().close();
});

import type { Page } from '@playwright/test';
import { toast } from '../support/fixtures';
import { haveStaff, openAdmin, runTag, test, expect } from '../support/admin';

/*
 * GST on a product, as the owner keeps it (docs/decisions/gst-invoices.md): the form requires an
 * HSN code of 4, 6 or 8 digits and a rate from the list, and the product list shows both.
 */

const heading = (page: Page, name: string) =>
  page.getByRole('main').getByRole('heading', { level: 1, name, exact: true });

test.skip(!haveStaff(), 'global setup made no back-office people (server started elsewhere)');

test('a product’s HSN code and GST rate: required, checked, saved and listed', async ({
  page,
  ownerSession,
  checkPage,
}, testInfo) => {
  const title = `E2E GST Geometry Box ${runTag(testInfo.project.name)}`;
  await openAdmin(page, ownerSession, '/admin/products/new');
  await expect(heading(page, 'New product')).toBeVisible();

  const form = page.getByRole('form', { name: 'Product' });
  await form.getByLabel('Title').fill(title);
  const category = form.getByLabel('Category', { exact: true });
  const firstOption = await category.locator('option').nth(1).textContent();
  await category.selectOption({ label: firstOption! });
  await form.getByLabel('Regular price').fill('150');
  await form.getByLabel('Stock', { exact: true }).fill('10');
  // the category's usual heading and rate come first (as a CSV row without them gets)
  await expect(form.getByLabel('HSN code')).toHaveValue(/^\d{4}$/);
  await expect(form.getByLabel('GST rate')).not.toHaveValue('');
  await form.getByLabel('GST rate').selectOption({ label: 'Choose a rate' });
  await form.getByLabel('HSN code').fill('732');
  await form.getByRole('button', { name: 'Save product' }).click();
  await expect(form.getByText('HSN code must be 4, 6 or 8 digits')).toBeVisible();
  await expect(form.getByText('Choose a GST rate')).toBeVisible();
  await expect(form.getByLabel('HSN code')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('HSN code').fill('7326');
  await form.getByLabel('GST rate').selectOption({ label: '5%' });
  await checkPage('admin-product-gst');
  await form.getByRole('button', { name: 'Save product' }).click();
  await expect(toast(page, 'Product created')).toBeVisible();
  await expect(heading(page, 'Edit product')).toBeVisible();
  await expect(form.getByLabel('HSN code')).toHaveValue('7326');
  await expect(form.getByLabel('GST rate')).toHaveValue('500');

  // the list shows the rate and the code
  await page.goto(`/admin/products?q=${encodeURIComponent(title)}`);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('5%');
  await expect(row).toContainText('HSN 7326');
});

import type { Page } from '@playwright/test';
import { toast } from '../support/fixtures';
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
 * Discounts in the back office (docs/decisions/promotions.md): a staff member makes a coupon code
 * from New discount, sees its rule in the list, deactivates it, and the activity log names them.
 */

const heading = (page: Page, name: string) =>
  page.getByRole('main').getByRole('heading', { level: 1, name, exact: true });

test.skip(!haveStaff(), 'global setup made no back-office people (server started elsewhere)');

test('New discount: a coupon code for a category, checked, listed, deactivated and logged', async ({
  page,
  staffSession,
  checkPage,
  expectNoHorizontalScroll,
}, testInfo) => {
  const isMobile = !!testInfo.project.use.isMobile;
  const code = `DIWALI${runTag(testInfo.project.name).toUpperCase()}`;
  await openAdmin(page, staffSession);
  await navigateTo(page, isMobile, adminScreen('Discounts'));
  await page.getByRole('main').getByRole('link', { name: 'New discount' }).click();
  await expect(heading(page, 'New discount')).toBeVisible();

  const form = page.getByRole('form', { name: 'Discount' });
  await form.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await form.getByLabel('Type', { exact: true }).selectOption({ label: 'Percentage' });
  await form.getByLabel('Applies to').selectOption({ label: 'Categories' });
  // every wrong field is named before anything is saved
  await form.getByRole('button', { name: 'Save discount' }).click();
  await expect(
    form.getByText('Enter a percentage above 0 and at most 100, with at most 2 decimals'),
  ).toBeVisible();
  await expect(form.getByText('Choose at least one category')).toBeVisible();
  await expect(form.getByLabel('Value', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Value', { exact: true }).fill('15');
  const categories = form.getByRole('group', { name: 'Categories' });
  const first = categories.getByRole('checkbox').first();
  const categoryName = (await first.locator('..').textContent())!.trim();
  await first.check();
  await form.getByLabel('Minimum order value').fill('499');
  await form.getByLabel('Usage limit').fill('100');
  await form.getByLabel('Limit per customer').fill('1');
  await checkPage('admin-new-discount');
  await expectNoHorizontalScroll();
  await form.getByRole('button', { name: 'Save discount' }).click();
  await expect(toast(page, 'Discount created')).toBeVisible();
  await expect(heading(page, 'Edit discount')).toBeVisible();
  await expect(form.getByLabel('Code', { exact: true })).toHaveValue(code);
  await expect(page.getByRole('main').getByText('Used by 0 orders of 100')).toBeVisible();

  // the list: its rule in words, what it applies to, and Active
  await page.goto(`/admin/discounts?q=${code}`);
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('15% off selected items on orders of ₹499 or more');
  await expect(row).toContainText(categoryName);
  await expect(row).toContainText('0 of 100');
  await expect(row).toContainText('Active');

  // Deactivate: no cart gets it any more
  await row.getByRole('link', { name: code }).click();
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await expect(toast(page, 'Discount deactivated')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate' })).toBeVisible();
  const quote = await page.request.post('/api/v1/cart/quote', {
    data: { lines: [], couponCode: code },
  });
  expect((await quote.json()).coupon).toMatchObject({
    applied: false,
    message: 'This code is no longer active',
  });

  // the activity log: who made it and who switched it off
  await navigateTo(page, isMobile, adminScreen('Activity'));
  await page.getByLabel('Kind of change').selectOption({ label: 'Discounts' });
  const entries = page.getByRole('main').getByRole('listitem').filter({ hasText: code });
  await expect(entries.filter({ hasText: 'deactivated' })).toContainText(staffSession.staff.email);
  await expect(entries.filter({ hasText: '15% off' })).toContainText(staffSession.staff.email);
});

import { test, expect } from '../support/fixtures';

test.describe('on a phone', () => {
  test.beforeEach(({ isMobile }) => {
    test.skip(!isMobile, 'phone layout only');
  });

  test('bottom tab bar, menu, no sideways scrolling', async ({
    page,
    checkPage,
    expectNoHorizontalScroll,
  }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: 'Inspire Your Creative Journey' }),
    ).toBeVisible();

    // The bottom tab bar: Home, Category, My Account, Cart.
    const tabs = page
      .getByRole('navigation')
      .filter({ has: page.getByRole('link', { name: 'My Account' }) })
      .last();
    await expect(tabs).toBeVisible();
    for (const [name, href] of [
      ['Home', '/'],
      ['Category', '/products'],
      ['My Account', '/account'],
      ['Cart', '/cart'],
    ] as const) {
      await expect(tabs.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await tabs.getByRole('link', { name: 'Category', exact: true }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    // The 3/2 grid toggle is hidden on phones.
    await expect(page.getByRole('group', { name: 'Grid density' })).toBeHidden();
    await expectNoHorizontalScroll();
    await tabs.getByRole('link', { name: 'Cart', exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await tabs.getByRole('link', { name: 'My Account', exact: true }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goBack();
    await tabs.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);

    // The menu: opens, offers Login and Register, closes when a link is followed.
    await page.getByRole('button', { name: /menu/i }).click();
    const menu = page.getByRole('dialog').or(page.locator('#mobile-menu')).first();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: /register/i })).toBeVisible();
    await expect(
      menu
        .getByRole('link', { name: /login/i })
        .or(menu.getByRole('button', { name: /login/i }))
        .first(),
    ).toBeVisible();
    await expectNoHorizontalScroll();
    await checkPage('mobile-menu');
    await menu.getByRole('link', { name: 'All Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(menu).toBeHidden();

    for (const path of [
      '/',
      '/products',
      '/cart',
      '/contact',
      '/track-order',
      '/privacy',
      '/login',
      '/register',
      '/api-test',
      '/nowhere/at-all',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
      await expectNoHorizontalScroll();
    }
  });
});

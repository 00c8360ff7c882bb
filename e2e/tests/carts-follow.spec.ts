// Issue 26, customers remembered: the cart and the wishlist of a signed-in shopper are kept with
// the account. A shopper fills a cart on their phone, signs in on the laptop and finds it there,
// with what the laptop held before signing in; a line removed on the laptop is gone from the
// phone at its next look.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  test,
  expect,
  loginViaApi,
  newShopper,
  plainProducts,
  registerViaApi,
  coloursOf,
  sizesOf,
  type ApiProduct,
  type Shopper,
} from '../support/fixtures';
import { logIn } from '../support/shop';

const phoneSize = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
};
const laptopSize = { viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1 };

/** A device of its own: its own cookies and localStorage, as a phone and a laptop are. */
async function device(browser: Browser, baseURL: string, size: object) {
  const context = await browser.newContext({
    ...size,
    baseURL,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  return { context, page: await context.newPage() };
}

/** Opens a storefront page and waits until it is interactive (app/router.tsx marks it). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator('html[data-interactive]').waitFor({ state: 'attached', timeout: 20_000 });
}

async function signIn(page: Page, shopper: Shopper) {
  await open(page, '/login');
  await logIn(page, shopper);
  await expect(page).not.toHaveURL(/\/login/);
}

/** A plain product (no size or colour to choose) into the cart from its page. */
async function addToCart(page: Page, product: ApiProduct) {
  await open(page, `/product/${product.id}`);
  await page.getByRole('main').getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page).toHaveURL(/\/cart$/);
}

async function saveToWishlist(page: Page, product: ApiProduct) {
  await open(page, `/product/${product.id}`);
  const heart = page.getByRole('main').getByRole('button', { name: 'Wishlist', exact: true });
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
}

const cartLink = (page: Page, name: string) =>
  page.getByRole('main').getByRole('link', { name, exact: true });

test('a cart and a wishlist follow their shopper from phone to laptop', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the journey opens its own phone and laptop');
  const shopper: Shopper = newShopper('carts', testInfo.project.name);
  await registerViaApi(request, shopper);
  // products whose page asks for no size or colour (a lone size still has to be picked there)
  const [notebook, ink, pen] = (await plainProducts(request, 12)).filter(
    (p) => sizesOf(p).length === 0 && coloursOf(p).length === 0,
  );
  expect(pen, 'three products with nothing to choose').toBeDefined();
  const contexts: BrowserContext[] = [];
  try {
    // On the phone, as a visitor: a notebook in the cart, the ink saved; then signing in.
    const phone = await device(browser, baseURL!, phoneSize);
    contexts.push(phone.context);
    await addToCart(phone.page, notebook!);
    await saveToWishlist(phone.page, ink!);
    await signIn(phone.page, shopper);
    // the phone's lists reach the account once its page is idle
    const token = await loginViaApi(request, shopper);
    const accountCart = async () =>
      (
        (await (
          await request.get('/api/v1/account/cart', {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json()) as { data: { lines: { productId: string; quantity: number }[] } }
      ).data.lines.map((l) => l.productId);
    await expect.poll(accountCart, { timeout: 15_000 }).toEqual([notebook!.id]);

    // On the laptop: a visitor with a pen in the cart signs in and finds both, and the ink.
    const laptop = await device(browser, baseURL!, laptopSize);
    contexts.push(laptop.context);
    await addToCart(laptop.page, pen!);
    await signIn(laptop.page, shopper);
    await open(laptop.page, '/cart');
    await expect(cartLink(laptop.page, notebook!.title)).toBeVisible({ timeout: 15_000 });
    await expect(cartLink(laptop.page, pen!.title)).toBeVisible();
    await expect(laptop.page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
    await open(laptop.page, '/wishlist');
    await expect(cartLink(laptop.page, ink!.title)).toBeVisible({ timeout: 15_000 });
    await expect(
      laptop.page.getByText('1 product saved to your account, on every device you sign in on.', {
        exact: false,
      }),
    ).toBeVisible();

    // The laptop takes the notebook out; the phone's cart shows it gone at its next look.
    await open(laptop.page, '/cart');
    await laptop.page.getByRole('button', { name: `Remove ${notebook!.title}` }).click();
    await expect.poll(accountCart, { timeout: 15_000 }).toEqual([pen!.id]);
    await open(phone.page, '/cart');
    await expect(cartLink(phone.page, pen!.title)).toBeVisible({ timeout: 15_000 });
    await expect(cartLink(phone.page, notebook!.title)).toHaveCount(0);

    // Signing out of the phone leaves it an empty cart; the laptop still has the pen.
    await open(phone.page, '/account');
    await phone.page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
    await open(phone.page, '/cart');
    await expect(phone.page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    expect(await accountCart()).toEqual([pen!.id]);
  } finally {
    for (const context of contexts) await context.close();
  }
});

import type { Page } from '@playwright/test';
import {
  test,
  expect,
  HYDRATION_ERROR_PREFIX,
  listProducts,
  newShopper,
  registerViaApi,
  signInBrowser,
} from '../support/fixtures';

/**
 * The app's code: app/start.tsx and what it imports, one chunk (apps/web vite.config.ts
 * sharedChunkOf). Held back to play a slow phone; when it was renamed from start-*.js the hold
 * stopped applying and these tests raced the app instead of waiting for it.
 */
const APP_CHUNK = /\/assets\/app-[^/]*\.js$/;

/**
 * What arrives before any JavaScript runs: the public pages' content, rendered by the server, and
 * each URL's own head for crawlers and link previews (docs/decisions/server-rendering.md,
 * docs/decisions/seo-head.md). Then the same page in a browser that runs the scripts hydrates
 * without an error (the fixtures fail a journey on any uncaught error, hydration errors included).
 */
test('without JavaScript a shopper still sees the pages, and every URL has its own head', async ({
  browser,
  request,
  baseURL,
}) => {
  const products = await listProducts(request);
  const product = products.find((p) => p.availability.status === 'in_stock') ?? products[0]!;
  const storeName = 'Kagaz & Kalam';
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await noScript.newPage();

  // Product: its content, title, description, social tags and Product/Offer data in rupees.
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await expect(page.getByRole('main').getByText(/₹/).first()).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('button', { name: 'Add to Cart', exact: true }),
  ).toBeVisible();
  await expect(page).toHaveTitle(`${product.title} | ${storeName}`);
  const head = page.locator('head');
  await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /\S{10,}/);
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${baseURL}/product/${product.id}`,
  );
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    `${product.title} | ${storeName}`,
  );
  await expect(head.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http/);
  await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', /summary/);
  const jsonLd = (await head.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => JSON.parse(text) as Record<string, unknown>,
  );
  const offer = jsonLd.find((data) => data['@type'] === 'Product')?.offers as Record<
    string,
    string
  >;
  expect(offer.priceCurrency).toBe('INR');
  expect(offer.availability).toBe('https://schema.org/InStock');
  expect(Number(offer.price)).toBe(product.discountedPrice ?? product.regularPrice);
  const html = await page.content();
  expect(html).not.toContain('Trending Fashion');
  expect(html).not.toContain('Paper &amp; Quill');

  // Home, the listing and search results: their products are in the HTML.
  await page.goto('/');
  await expect(page).toHaveTitle(storeName);
  await expect(
    page.getByRole('region', { name: 'Featured Products' }).getByRole('article').first(),
  ).toBeVisible();
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(12);
  await page.goto('/products?q=pen');
  await expect(page.getByRole('heading', { level: 1, name: /Results for/ })).toBeVisible();
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
  await noScript.close();

  // A product that does not exist: the app's own page, and a status a crawler believes.
  const missing = await request.get('/product/no-such-product', {
    headers: { accept: 'text/html' },
  });
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('<meta name="robots" content="noindex');

  // A crawler finds the pages: robots.txt names the sitemap, which lists this product.
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`${baseURL}/product/${product.id}`);
});

test('a tap before the scripts have loaded is not lost, and the tab title follows navigation', async ({
  page,
  request,
}) => {
  // from the listing's first page, as the shopper sees it: one added from its page (no size or
  // colour to choose there), another from its card (a card leaves those to the cart)
  const firstPage = await listProducts(request, 'page=1&limit=12');
  const product = firstPage.find(
    (p) =>
      p.availability.status === 'in_stock' &&
      !(p.attributes ?? []).some((a) => /^(sizes?|colou?rs?)$/i.test(a.key)),
  )!;
  const another = firstPage.find((p) => p.availability.status === 'in_stock' && p !== product)!;
  // a slow phone: the app's code arrives well after the server's page has painted
  await page.route(APP_CHUNK, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(`/product/${product.id}`, { waitUntil: 'domcontentloaded' });
  const addToCart = page
    .getByRole('main')
    .getByRole('button', { name: 'Add to Cart', exact: true });
  await addToCart.click();
  expect(await page.evaluate(() => 'interactive' in document.documentElement.dataset)).toBe(false);
  // held, then made again once the page has hydrated
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('main').getByText(product.title).first()).toBeVisible();

  // the same on a part of a page that hydrates after the rest (a listing's card is a Suspense
  // boundary of its own): the tap is made once the page is live, and React hydrates that part first
  await page.goto('/products', { waitUntil: 'domcontentloaded' });
  const card = page.getByRole('main').getByRole('article').filter({ hasText: another.title });
  await card.getByRole('button', { name: /^Add .* to cart$/ }).click();
  await expect(page.getByRole('link', { name: /^Cart, 2 items?$/ })).toBeVisible();
  await page.unrouteAll();

  // the browser's title follows client navigation with the same rule as the server's head
  await page.goto(`/product/${product.id}`);
  await expect(page).toHaveTitle(`${product.title} | Kagaz & Kalam`);
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page).toHaveTitle('Kagaz & Kalam');
});

/** Every `for`, `aria-describedby`, `aria-labelledby` and `aria-controls` in the page that names
 * an element that does not exist, as `attribute=id`. */
const danglingIdReferences = (page: Page) =>
  page.evaluate(() => {
    const dangling: string[] = [];
    for (const attribute of ['for', 'aria-describedby', 'aria-labelledby', 'aria-controls']) {
      for (const element of document.querySelectorAll(`[${attribute}]`)) {
        for (const id of element.getAttribute(attribute)!.split(/\s+/).filter(Boolean)) {
          if (!document.getElementById(id)) dangling.push(`${attribute}=${id}`);
        }
      }
    }
    return dangling;
  });

test('labels and descriptions the server wrote still name their elements once the page is live', async ({
  page,
  request,
}) => {
  // The server and the browser must make the same ids (useId): hydration keeps the server's
  // attributes, and an element the browser adds later carries the browser's id.
  const products = await listProducts(request);
  const inStock = products.find((p) => p.availability.status === 'in_stock')!;
  const soldOut = products.find((p) => p.availability.status === 'sold_out');
  const paths = [
    '/',
    '/products',
    '/products?q=pen',
    `/product/${inStock.id}`,
    ...(soldOut ? [`/product/${soldOut.id}`] : []),
    '/contact',
  ];
  for (const path of paths) {
    await page.goto(path);
    // what the browser renders after hydration (the remembered PIN, stock lines, saved items)
    await page.waitForTimeout(500);
    expect(await danglingIdReferences(page), path).toEqual([]);
  }
  // and after a change that adds elements linked to the server's: the search box's suggestions
  await page.goto('/');
  await page.getByRole('banner').getByPlaceholder('Search products').first().fill('pen');
  await expect(page.getByRole('listbox').first()).toBeVisible();
  expect(await danglingIdReferences(page), 'search suggestions').toEqual([]);
});

test('hydration keeps the page the server sent: nothing of it is taken away and drawn again', async ({
  page,
  request,
}) => {
  // A part React cannot hydrate (a mismatch, a boundary that suspends on code that never came) is
  // drawn again, and under Preact a lazy route that suspended lost all but its first node for a
  // moment (the home page below its hero blinked and the footer jumped up). Record every element
  // removed from the page from the moment the server's HTML is in until the page has been live
  // for a while.
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedWhileHydrating: string[] }).removedWhileHydrating = removed;
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (node instanceof HTMLElement && !['SCRIPT', 'LINK', 'STYLE'].includes(node.tagName))
              removed.push(`<${node.tagName.toLowerCase()}> ${node.textContent?.slice(0, 60)}`);
      }).observe(document.getElementById('root')!, { childList: true, subtree: true });
    });
  });
  const products = await listProducts(request);
  const inStock = products.find((p) => p.availability.status === 'in_stock')!;
  for (const path of ['/', '/products', '/products?q=pen', `/product/${inStock.id}`, '/terms']) {
    await page.goto(path);
    await page.waitForTimeout(500);
    expect(
      await page.evaluate(
        () => (window as unknown as { removedWhileHydrating: string[] }).removedWhileHydrating,
      ),
      path,
    ).toEqual([]);
  }
});

test("the page a shopper is on stays while the next page's code loads", async ({ page }) => {
  // React Router's BrowserRouter moves to a new location in a transition (React.startTransition),
  // so React keeps the page while the next screen's lazy code suspends. Without that, a phone
  // showed the "Loading…" spinner in place of the page for the first visit to each kind of page,
  // and the footer jumped up.
  await page.goto('/');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/products-route-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('link', { name: /Shop Collection/ }).click();
  await expect(page).toHaveURL(/\/products$/);
  await page.waitForTimeout(700);
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Featured Products' }).getByRole('article').first(),
  ).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
});

test('a signed-in shopper is never offered Login while the page loads', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  // the server draws the bar as a visitor sees it; the app's code arrives late, as on a slow phone
  const holdApp = () =>
    page.route(APP_CHUNK, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
  const loginButton = page.locator('header a[href="/login"]');

  // a visitor: Login is there from the first paint
  await holdApp();
  await page.goto('/contact', { waitUntil: 'domcontentloaded' });
  await expect(loginButton).toBeVisible();

  // a signed-in shopper: the bar keeps Login's place, empty, until the app draws My Account
  const shopper = newShopper('signed-in-bar', testInfo.project.name);
  await signInBrowser(context, baseURL!, await registerViaApi(request, shopper));
  await page.goto('/contact', { waitUntil: 'domcontentloaded' });
  // as it is now, before the app: not waiting, which would wait for the app to replace it
  expect(await page.evaluate(() => 'interactive' in document.documentElement.dataset)).toBe(false);
  expect(await loginButton.count()).toBe(1);
  expect(await loginButton.isVisible()).toBe(false);
  await expect(page.getByRole('banner').getByRole('link', { name: 'My Account' })).toBeVisible();
  await expect(loginButton).toHaveCount(0);
});

test.describe('a page whose HTML does not match its first render', () => {
  // this journey makes a mismatch on purpose: its hydration errors are checked here
  test.use({ hydrationErrorsExpected: true });

  test('is reported, so a journey on any public page fails on one', async ({
    page,
    hydrationErrors,
  }) => {
    // The listing as the server sent it, with its heading's text changed on the way: the browser's
    // first render says "All Products", the HTML something else. React draws that part again and
    // the storefront reports it (app/start.tsx); the fixture fails every other journey on it.
    await page.route(
      (url) => url.pathname === '/products',
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace('>All Products</h1>', '>Every Product</h1>');
        await route.fulfill({ response, body: html });
      },
    );
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    await expect.poll(() => hydrationErrors.length).toBeGreaterThan(0);
    expect(hydrationErrors[0]).toContain(HYDRATION_ERROR_PREFIX);
  });
});

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { screenshotsRoot } from './paths';

export { expect };

export type Shopper = { firstName: string; lastName: string; email: string; password: string };

export type Availability = {
  status: 'in_stock' | 'low_stock' | 'sold_out';
  /** units left when low_stock, else null */
  left: number | null;
};

export type ApiProduct = {
  id: string;
  title: string;
  category: string;
  parentCategory?: string | null;
  regularPrice?: number | null;
  discountedPrice?: number | null;
  attributes?: { key: string; value: string[] }[];
  availability: Availability;
  variants: { size: string | null; color: string | null; availability: Availability }[];
};

export const shipping = {
  fullName: 'Asha Verma',
  address: '12 MG Road, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560038',
  phone: '+919876543210',
};

let counter = 0;
/** An address nobody else in this run (or any earlier run on the same database) has used. */
export function uniqueEmail(tag: string, project: string): string {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}${counter}`;
  return `e2e-${tag}-${project}-${stamp}@example.com`;
}

export function newShopper(tag: string, project: string): Shopper {
  return {
    firstName: 'Asha',
    lastName: 'Verma',
    email: uniqueEmail(tag, project),
    password: 'notebook-42',
  };
}

const api = (path: string) => `/api/v1${path}`;
const rand = () => Math.floor(Math.random() * 254) + 1;
/**
 * Each API registration and sign-in as if from its own shopper's address (the server trusts
 * 127.0.0.1 as a proxy in the journeys): the journeys register and sign in some 30-60 shoppers
 * from one address, which would trip the per-address limits (30 in 10 minutes) that protect real
 * shoppers.
 */
const ownShopperAddress = () => ({ 'X-Forwarded-For': `10.${rand()}.${rand()}.${rand()}` });

/** Register and log in through the API (fast path for journeys that are not about registering). */
export async function registerViaApi(
  request: APIRequestContext,
  shopper: Shopper,
): Promise<string> {
  const reg = await request.post(api('/users/register'), {
    data: {
      email: shopper.email,
      password: shopper.password,
      firstName: shopper.firstName,
      lastName: shopper.lastName,
    },
    headers: ownShopperAddress(),
  });
  expect(reg.status(), `register ${shopper.email}: ${await reg.text()}`).toBeLessThan(300);
  return loginViaApi(request, shopper);
}

export async function loginViaApi(request: APIRequestContext, shopper: Shopper): Promise<string> {
  const res = await request.post(api('/users/authorize'), {
    data: { email: shopper.email, password: shopper.password },
    headers: ownShopperAddress(),
  });
  expect(res.status(), `authorize ${shopper.email}: ${await res.text()}`).toBe(200);
  const { token } = (await res.json()) as { token: string };
  return token;
}

/** The web app keeps the session in the auth_token cookie (spec section 4). */
export async function signInBrowser(
  context: BrowserContext,
  baseURL: string,
  token: string,
): Promise<void> {
  await context.addCookies([{ name: 'auth_token', value: token, url: baseURL, sameSite: 'Lax' }]);
}

/** The store's information record, as the web app reads it (spec section 3). */
export async function getStoreInfo(request: APIRequestContext): Promise<{
  storeName: string;
  companyName: string;
  companyEmail: string;
}> {
  const res = await request.get(api('/storeInfo'));
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

export async function listProducts(
  request: APIRequestContext,
  query = 'page=1&limit=100',
): Promise<ApiProduct[]> {
  const res = await request.get(api(`/products?${query}`));
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: ApiProduct[] }).data;
}

export function sizesOf(p: ApiProduct): string[] {
  return p.attributes?.find((a) => /^sizes?$/i.test(a.key))?.value ?? [];
}
/** Spec section 3: colours come from an attribute keyed color, colours or colors (not "colour"). */
export function coloursOf(p: ApiProduct): string[] {
  return p.attributes?.find((a) => /^(color|colours|colors)$/i.test(a.key))?.value ?? [];
}

/**
 * In stock as a whole and in every size and colour: what journeys that are not about stock buy, so
 * they never race the stock journeys for the few units of a low-stock product, nor meet Sold out.
 */
export function isFullyInStock(p: ApiProduct): boolean {
  return (
    p.availability.status === 'in_stock' &&
    p.variants.every((v) => v.availability.status === 'in_stock')
  );
}

/** No size or colour to choose (at most one variant): the API's `products` map alone orders it. */
export function needsNoChoice(p: ApiProduct): boolean {
  return p.variants.length <= 1;
}

/** Fully in stock and orderable by id alone: for orders made through the API. */
export async function plainProducts(
  request: APIRequestContext,
  count: number,
): Promise<ApiProduct[]> {
  const found = (await listProducts(request)).filter((p) => isFullyInStock(p) && needsNoChoice(p));
  expect(found.length, `${count} products in stock with no size or colour`).toBeGreaterThanOrEqual(
    count,
  );
  return found.slice(0, count);
}

/** The shopper-visible words of the stock rules (contracts' stockMessages), as the spec writes them. */
export const stockText = {
  soldOut: 'Sold out',
  onlyLeft: (n: number) => `Only ${n} left`,
  short: (title: string, left: number) =>
    left <= 0
      ? `${title} is sold out`
      : `Only ${left} of ${title} ${left === 1 ? 'is' : 'are'} left`,
};

export async function createOrderViaApi(
  request: APIRequestContext,
  token: string,
  products: Record<string, number>,
  /** e.g. a phone of the journey's own (a cash-on-delivery code goes to the delivery phone) */
  address: Partial<typeof shipping> = {},
): Promise<{ id: string; total: number }> {
  const res = await request.post(api('/orders'), {
    headers: { authorization: `Bearer ${token}` },
    data: { products, shippingAddress: { ...shipping, ...address } },
  });
  expect(res.status(), `create order: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as { id: string; total: number };
}

/** A toast (sonner's "Notifications" region) with this title or description. */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('region', { name: /^Notifications/ }).getByText(text, { exact: true });
}

/** Choose a size or colour chip (a radio drawn as a label) in the fieldset named `legend`. */
export async function pickOption(page: Page, legend: RegExp, option: string): Promise<void> {
  await page
    .getByRole('group', { name: legend })
    .locator('label')
    .filter({ hasText: new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .click();
}

/** A My Orders card: the block under the "Order #id" heading (header, items, shipping, Pay Now). */
export function orderCard(page: Page, orderId: string): Locator {
  return page
    .getByRole('main')
    .getByRole('heading', { name: `Order #${orderId}`, exact: true })
    .locator('xpath=ancestor::header/parent::*');
}

/** Let the page finish its requests (bounded: some screens poll). */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

type Checks = {
  /**
   * Uncaught exceptions, CSP violations and hydration errors React recovered from fail the test
   * (softly, at the end).
   */
  failOnPageErrors: void;
  /** Hydration errors seen in the page, for the one journey that makes one on purpose (else []). */
  hydrationErrors: string[];
  /** Set by that journey: its hydration errors are its to check, not a failure. */
  hydrationErrorsExpected: boolean;
  /** Full-page screenshot to e2e/screenshots/<project>/<name>.png, then axe: no serious or critical violations. */
  checkPage: (name: string) => Promise<void>;
  /** No horizontal scrolling (phone and desktop alike). */
  expectNoHorizontalScroll: () => Promise<void>;
};

/** The storefront's own pages (not the back office, the API, the sandbox or static files). */
const storefrontPage = (url: string) => {
  const { pathname } = new URL(url);
  return !/^\/(admin|api|sandbox-gateway|email|images|media|assets)(\/|$)|\.(xml|txt)$/.test(
    pathname,
  );
};

/**
 * What the storefront logs before each error React recovered from while hydrating (apps/web
 * lib/ssr-data.ts RECOVERABLE_ERROR_PREFIX: a mismatch between the server's HTML and the browser's
 * first render, which React repairs by drawing that part again). React's own messages about
 * hydration count too, should a page log one without the prefix.
 */
export const HYDRATION_ERROR_PREFIX = '[store] React recovered from a hydration error:';
const isHydrationError = (text: string) =>
  text.includes(HYDRATION_ERROR_PREFIX) || /hydrat/i.test(text);

export const test = base.extend<Checks>({
  // A storefront page is painted from the server's HTML before its scripts have even loaded; as a
  // shopper waits for it to respond, page.goto and page.reload wait until its screen is interactive
  // (apps/web app/router.tsx marks <html data-interactive>).
  page: async ({ page }, use) => {
    const untilInteractive = async () => {
      // the storefront's app (the outbox, the sandbox and the like are pages of their own)
      if (storefrontPage(page.url()) && (await page.locator('#root').count()) > 0)
        await page
          .locator('html[data-interactive]')
          .waitFor({ state: 'attached', timeout: 20_000 });
    };
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      // a journey that asks for less than the load (the window before hydration) gets just that
      if (!options?.waitUntil || options.waitUntil === 'load') await untilInteractive();
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (...args) => {
      const response = await reload(...args);
      await untilInteractive();
      return response;
    };
    await use(page);
  },
  hydrationErrorsExpected: [false, { option: true }],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern
  hydrationErrors: async ({}, use) => use([]),
  failOnPageErrors: [
    async ({ page, hydrationErrors, hydrationErrorsExpected }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // the server's Content-Security-Policy must never block something the store needs
        if (message.text().includes('Content Security Policy'))
          errors.push(`${page.url()}: ${message.text()}`);
        // every public page hydrates exactly what the server sent
        else if (isHydrationError(message.text())) {
          hydrationErrors.push(`${page.url()}: ${message.text()}`);
          if (!hydrationErrorsExpected) errors.push(`${page.url()}: ${message.text()}`);
        }
      });
      await use();
      expect
        .soft(errors, 'uncaught exceptions, CSP violations or hydration errors in the page')
        .toEqual([]);
    },
    { auto: true },
  ],
  checkPage: async ({ page }, use, testInfo) => {
    const dir = join(screenshotsRoot, testInfo.project.name);
    mkdirSync(dir, { recursive: true });
    await use(async (name: string) => {
      const t0 = Date.now();
      await page.waitForLoadState('load');
      await settle(page);
      // Wait for running animations (toasts, skeleton fades) so the picture shows the settled page.
      await page.evaluate(() =>
        Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
      );
      // Same framing every time: at the top, no hover overlay from the last click (desktop).
      if (!testInfo.project.use.isMobile) await page.mouse.move(0, 0);
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await page.screenshot({
        path: join(dir, `${name}.png`),
        fullPage: true,
        animations: 'disabled',
      });
      // On a phone the full page is very long and fixed bars land mid-picture: keep the first screen too.
      if (testInfo.project.use.isMobile)
        await page.screenshot({ path: join(dir, `${name}.top.png`), animations: 'disabled' });
      const t1 = Date.now();
      // A toast that starts to fade (its timer ran out, or a newer one stacked over it) during the
      // analysis is measured half-transparent and fails contrast by chance (CI saw 2.02:1 on a
      // fading title). Without transitions every toast is either fully shown or fully hidden.
      const still = await page.addStyleTag({
        content:
          '*, *::before, *::after { transition: none !important; animation: none !important; }',
      });
      const results = await new AxeBuilder({ page }).analyze();
      await still.evaluate((style) => (style as Element).remove());
      if (process.env.E2E_TIMING)
        console.log(`[timing] ${name}: settle+shots ${t1 - t0} ms, axe ${Date.now() - t1} ms`);
      const bad = results.violations.filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      );
      const report = bad
        .map((v) => {
          const nodes = v.nodes
            .slice(0, 5)
            .map(
              (n) =>
                `      - ${n.target.join(' ')}\n        ${n.failureSummary?.replace(/\n/g, '\n        ') ?? ''}`,
            )
            .join('\n');
          return `\n  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} element(s))\n    ${v.helpUrl}\n${nodes}`;
        })
        .join('\n');
      expect
        .soft(report || 'none', `axe: serious or critical violations on "${name}" (${page.url()})`)
        .toBe('none');
    });
  },
  expectNoHorizontalScroll: async ({ page }, use) => {
    await use(async () => {
      // The layout viewport (clientWidth), not window.innerWidth: a phone (isMobile) zooms out to
      // show a page wider than the screen, and innerWidth then grows with the page.
      const { scrollWidth, viewportWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        viewportWidth: document.documentElement.clientWidth,
      }));
      expect(
        scrollWidth,
        `page ${page.url()} scrolls sideways: scrollWidth ${scrollWidth} > viewport ${viewportWidth}`,
      ).toBeLessThanOrEqual(viewportWidth);
    });
  },
});

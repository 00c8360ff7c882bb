import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import {
  coloursOf,
  newShopper,
  pickOption,
  plainProducts,
  registerViaApi,
  shipping,
  signInBrowser,
  sizesOf,
  type ApiProduct,
  type Shopper,
} from './fixtures';
import { paidOrder } from './after-sale';

/** Put a product in the cart through its page (choosing the first size or colour when it asks). */
export async function addProductToCart(page: Page, product: ApiProduct): Promise<void> {
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  const main = page.getByRole('main');
  const sizes = sizesOf(product);
  const colours = coloursOf(product);
  // Only a lone "One Size" is preselected on the product page (spec section 2); choose the rest.
  if (sizes.length > 0 && !(sizes.length === 1 && sizes[0]!.toLowerCase() === 'one size')) {
    await pickOption(page, /^Size/, sizes[0]!);
  }
  if (colours.length > 0) await pickOption(page, /^Colou?r/, colours[0]!);
  await main.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page).toHaveURL(/\/cart$/);
}

export async function fillRegistration(
  page: Page,
  s: Partial<Shopper> & { confirmPassword?: string },
): Promise<void> {
  await page.getByLabel('First Name').fill(s.firstName ?? '');
  await page.getByLabel('Last Name').fill(s.lastName ?? '');
  await page.getByLabel('Email').fill(s.email ?? '');
  await page.getByLabel('Password', { exact: true }).fill(s.password ?? '');
  await page.getByLabel('Confirm Password').fill(s.confirmPassword ?? s.password ?? '');
}

export async function logIn(page: Page, s: Shopper): Promise<void> {
  await page.getByLabel('Email').fill(s.email);
  await page.getByLabel('Password', { exact: true }).fill(s.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
}

export async function fillShipping(page: Page): Promise<void> {
  await page.getByLabel('Full Name').fill(shipping.fullName);
  await page.getByLabel('Address', { exact: true }).fill(shipping.address);
  await page.getByLabel('City').fill(shipping.city);
  const state = page.getByLabel('State');
  if ((await state.evaluate((el) => el.tagName)) === 'SELECT')
    await state.selectOption(shipping.state);
  else {
    await state.click();
    await page.getByRole('option', { name: shipping.state, exact: true }).click();
  }
  await page.getByLabel(/PIN code|Postal Code/i).fill(shipping.postalCode);
  await page.getByLabel('Phone').fill(shipping.phone.replace('+91', ''));
}

/**
 * A new shopper, signed in in this browser, who has ordered one plain product and paid for it
 * through the sandbox gateway (the Pay Now page, approved): the order and the shopper's token.
 */
export async function paidOrderInBrowser(
  page: Page,
  { request, context, baseURL, tag, project }: PaidOrderSetup,
): Promise<{ order: { id: string }; token: string; shopper: Shopper }> {
  const shopper = newShopper(tag, project);
  const token = await registerViaApi(request, shopper);
  await signInBrowser(context, baseURL, token);
  const [product] = await plainProducts(request, 1);
  const order = { id: await paidOrder(page, request, token, product!.id) };
  return { order, token, shopper };
}

interface PaidOrderSetup {
  request: APIRequestContext;
  context: BrowserContext;
  baseURL: string;
  /** names the shopper's e-mail, as newShopper does */
  tag: string;
  project: string;
}

import type { Locator, Page, TestInfo } from '@playwright/test';
import {
  test,
  expect,
  createOrderViaApi,
  listProducts,
  newShopper,
  registerViaApi,
  signInBrowser,
  stockText,
  toast,
  type ApiProduct,
} from '../support/fixtures';
import { fillShipping } from '../support/shop';

/*
 * Stock is shared by the whole run (one server, both projects at once), so each journey keeps to
 * its own products. The race journey buys from the products without options that are not plainly
 * in stock, one per project: the first as many as there are projects, in the API's order. Sold
 * out ones stay in that list so that a race selling out its product does not move the other
 * project's choice. The look journey only looks, at other products; the other journeys buy only
 * what is fully in stock (fixtures' isFullyInStock).
 */
function raceProducts(all: ApiProduct[], testInfo: TestInfo): ApiProduct[] {
  return all
    .filter((p) => p.variants.length === 0 && p.availability.status !== 'in_stock')
    .slice(0, testInfo.config.projects.length);
}

type Variant = ApiProduct['variants'][number];
/** The chip a variant of a one-option product stands for (its colour, or its size). */
const optionOf = (v: Variant) => v.color ?? v.size ?? '';

/** Choose a chip (a radio drawn as its label) by the radio's accessible name, as a shopper taps it. */
async function chooseChip(group: Locator, name: string): Promise<void> {
  const radio = group.getByRole('radio', { name, exact: true });
  await group
    .locator('label')
    .filter({ has: group.page().getByRole('radio', { name, exact: true }) })
    .click();
  await expect(radio).toBeChecked();
}

/** The listing page (all products, the API's order) that shows this product's card. */
async function openCard(page: Page, all: ApiProduct[], product: ApiProduct): Promise<Locator> {
  const index = all.findIndex((p) => p.id === product.id);
  await page.goto(`/products?page=${Math.floor(index / 12) + 1}`);
  const card = page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: product.title, exact: true }) });
  await expect(card).toHaveCount(1);
  return card;
}

/** The product page's own details: the related products' cards below say their stock too. */
const productDetails = (page: Page, product: Pick<ApiProduct, 'title'>): Locator =>
  page.getByRole('main').getByRole('article', { name: product.title, exact: true });

test.describe('stock on the shelf and at checkout', () => {
  test('a sold-out product cannot be added (Notify me instead); low stock says "Only N left", per size and colour too', async ({
    page,
    request,
    checkPage,
    expectNoHorizontalScroll,
  }, testInfo) => {
    const all = await listProducts(request);
    const racing = new Set(raceProducts(all, testInfo).map((p) => p.id));
    const soldOut = all.find((p) => p.availability.status === 'sold_out');
    const low = all.find((p) => p.availability.status === 'low_stock' && !racing.has(p.id));
    // an option product with one option kind (size or colour) where one choice is sold out
    const partly = all.find(
      (p) =>
        p.availability.status !== 'sold_out' &&
        p.variants.every((v) => v.size === null || v.color === null) &&
        p.variants.some((v) => v.availability.status === 'sold_out'),
    );
    expect(soldOut, 'the catalogue has a sold-out product').toBeTruthy();
    expect(low, 'the catalogue has a low-stock product no journey buys').toBeTruthy();
    expect(partly, 'the catalogue has a product with a sold-out size or colour').toBeTruthy();
    const main = page.getByRole('main');

    // The listing: the card says Sold out and offers Notify me instead of Add to Cart, saying why.
    let card = await openCard(page, all, soldOut!);
    await expect(card.getByText(stockText.soldOut, { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: `Add ${soldOut!.title} to cart` })).toHaveCount(
      0,
    );
    const notifyFromCard = card.getByRole('button', {
      name: `Notify me when ${soldOut!.title} is back`,
    });
    await expect(notifyFromCard).toHaveAccessibleDescription(stockText.soldOut);
    await expectNoHorizontalScroll();

    // The quick view says the same, with Notify me in place of Add to Cart (notify-me.spec.ts
    // sends one from there; this journey only looks).
    await card.hover();
    await card.getByRole('button', { name: `Quick view ${soldOut!.title}` }).click();
    const dialog = page.getByRole('dialog', { name: soldOut!.title });
    await expect(dialog.getByText(stockText.soldOut, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
    await expect(
      dialog.getByRole('button', { name: 'Notify me', exact: true }),
    ).toHaveAccessibleDescription(stockText.soldOut);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // The product page too; nothing reaches the cart.
    await page.goto(`/product/${soldOut!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: soldOut!.title })).toBeVisible();
    await expect(
      productDetails(page, soldOut!).getByText(stockText.soldOut, { exact: true }),
    ).toBeVisible();
    // no dead Add to Cart: Notify me takes its place (notify-me.spec.ts follows it through)
    const addToCart = main.getByRole('button', { name: 'Add to Cart', exact: true });
    const notifyMe = main.getByRole('button', { name: 'Notify me', exact: true });
    await expect(addToCart).toHaveCount(0);
    await expect(notifyMe).toHaveAccessibleDescription(stockText.soldOut);
    await checkPage('product-sold-out');
    await expect(page.getByRole('link', { name: 'Cart, 0 items' }).first()).toBeVisible();

    // Low stock: "Only N left" with the API's N on the card and the product page; a product with
    // sizes says it for the whole product, then for the size chosen.
    const lowLeft = low!.availability.left!;
    card = await openCard(page, all, low!);
    await expect(card.getByText(stockText.onlyLeft(lowLeft), { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: `Add ${low!.title} to cart` })).toBeEnabled();
    await page.goto(`/product/${low!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: low!.title })).toBeVisible();
    await expect(
      productDetails(page, low!).getByText(stockText.onlyLeft(lowLeft), { exact: true }),
    ).toBeVisible();
    await expect(addToCart).toBeEnabled();
    const lowVariant = low!.variants.find((v) => v.availability.status === 'low_stock');
    if (lowVariant && low!.variants.length > 1) {
      const [legend, option] = lowVariant.size
        ? [/^Size/, lowVariant.size]
        : [/^Colou?r/, lowVariant.color!];
      await chooseChip(main.getByRole('group', { name: legend }), option);
      await expect(
        productDetails(page, low!).getByText(stockText.onlyLeft(lowVariant.availability.left!), {
          exact: true,
        }),
      ).toBeVisible();
    }

    // A sold-out colour (or size) is marked on its chip; choosing it offers Notify me instead of
    // Add to Cart, and a low one says how many are left.
    await page.goto(`/product/${partly!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: partly!.title })).toBeVisible();
    const gone = partly!.variants.find((v) => v.availability.status === 'sold_out')!;
    const legend = gone.color ? /^Colou?r/ : /^Size/;
    const chips = main.getByRole('group', { name: legend });
    for (const v of partly!.variants) {
      const name = v.availability.status === 'sold_out' ? `${optionOf(v)} (sold out)` : optionOf(v);
      await expect(chips.getByRole('radio', { name, exact: true }), name).toHaveCount(1);
    }
    await chooseChip(chips, `${optionOf(gone)} (sold out)`);
    const partlyDetails = productDetails(page, partly!);
    await expect(partlyDetails.getByText(stockText.soldOut, { exact: true })).toBeVisible();
    await expect(addToCart).toHaveCount(0);
    await expect(notifyMe).toHaveAccessibleDescription(stockText.soldOut);
    // the chosen sold-out chip keeps its contrast (it is struck through, never faded)
    await checkPage('product-option-sold-out');
    const lowOption = partly!.variants.find((v) => v.availability.status === 'low_stock');
    const other = lowOption ?? partly!.variants.find((v) => v.availability.status === 'in_stock')!;
    await chooseChip(chips, optionOf(other));
    await expect(addToCart).toBeEnabled();
    await expect(partlyDetails.getByText(stockText.soldOut, { exact: true })).toHaveCount(0);
    if (lowOption)
      await expect(
        partlyDetails.getByText(stockText.onlyLeft(lowOption.availability.left!), { exact: true }),
      ).toBeVisible();
  });

  test('two shoppers race for the last units: checkout names what is left and keeps the cart', async ({
    page,
    context,
    request,
    baseURL,
    checkPage,
    expectNoHorizontalScroll,
  }, testInfo) => {
    const all = await listProducts(request);
    const slot = testInfo.config.projects.findIndex((p) => p.name === testInfo.project.name);
    const product = raceProducts(all, testInfo)[slot];
    expect(
      product,
      `a low-stock product without options for the ${testInfo.project.name} run`,
    ).toBeTruthy();
    const { id, title } = product!;
    expect(
      product!.availability.status,
      `${title} is used up by earlier runs on this database (their orders hold it until they expire): run on a fresh database`,
    ).toBe('low_stock');
    const left = product!.availability.left!;
    const main = page.getByRole('main');

    // Shopper A takes all that is left: the product page's stepper stops at the stock hint.
    const tokenA = await registerViaApi(request, newShopper('race-a', testInfo.project.name));
    await signInBrowser(context, baseURL!, tokenA);
    await page.goto(`/product/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(
      productDetails(page, { title }).getByText(stockText.onlyLeft(left), { exact: true }),
    ).toBeVisible();
    const stepper = main.getByRole('group', { name: `Quantity of ${title}` });
    const more = stepper.getByRole('button', { name: 'Increase quantity' });
    for (let quantity = 1; quantity < left; quantity += 1) await more.click();
    await expect(stepper).toContainText(new RegExp(`Quantity\\s*${left}$`));
    await expect(more).toBeDisabled();
    await main.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/);

    // Meanwhile shopper B buys one of them.
    const tokenB = await registerViaApi(request, newShopper('race-b', testInfo.project.name));
    await createOrderViaApi(request, tokenB, { [id]: 1 });
    const message = stockText.short(title, left - 1);

    // A's order is refused with the server's words, on the toast and on the line; nothing stored.
    await main
      .getByRole('button', { name: 'Checkout' })
      .or(main.getByRole('link', { name: 'Checkout' }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/checkout$/);
    await fillShipping(page);
    await main.getByRole('button', { name: 'Place Order' }).click();
    await expect(toast(page, 'Error placing order')).toBeVisible();
    await expect(toast(page, message)).toBeVisible();
    const alert = main.getByRole('alert').filter({ hasText: 'Your cart needs a change' });
    await expect(alert).toBeVisible();
    await expect(main.getByRole('listitem').filter({ hasText: title })).toContainText(message);
    await expect(page).toHaveURL(/\/checkout$/);
    await checkPage('checkout-stock-refused');
    await expectNoHorizontalScroll();
    const orders = await request.get('/api/v1/orders', {
      headers: { authorization: `Bearer ${tokenA}` },
    });
    expect(orders.status()).toBe(200);
    expect(await orders.json(), 'the refused order stored nothing').toEqual([]);

    // The cart is kept as it was; A changes it to what is left.
    await alert.getByRole('link', { name: 'Change your cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const line = main.getByRole('listitem').filter({ hasText: title });
    const lineStepper = line.getByRole('group', { name: `Quantity of ${title}` });
    await expect(lineStepper).toContainText(new RegExp(`Quantity\\s*${left}$`));
    if (left > 1) {
      await lineStepper.getByRole('button', { name: 'Decrease quantity' }).click();
      await expect(lineStepper).toContainText(new RegExp(`Quantity\\s*${left - 1}$`));
    }
  });
});

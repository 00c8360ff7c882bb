import {
  test,
  expect,
  coloursOf,
  isFullyInStock,
  listProducts,
  pickOption,
  sizesOf,
  settle,
  toast,
} from '../support/fixtures';
import { addProductToCart } from '../support/shop';

test.describe('a visitor browses the catalogue and fills a cart', () => {
  test('home → category tile → listing, filters and pages', async ({
    page,
    request,
    checkPage,
    expectNoHorizontalScroll,
  }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: 'Inspire Your Creative Journey' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Shop Collection' })).toHaveAttribute(
      'href',
      '/products',
    );
    await expect(page.getByRole('link', { name: 'Featured Items' })).toHaveAttribute(
      'href',
      '/products?featured=true',
    );
    await expect(
      page.getByRole('heading', { name: 'Premium Stationery & Journals' }),
    ).toBeVisible();
    await expect(page.getByText('Browse Categories')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Writing Essentials' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Subscribe to Our Newsletter' })).toBeVisible();
    const main = page.getByRole('main');
    // Featured products: the skeletons give way to real cards.
    await expect(main.locator('a[href^="/product/"]').first()).toBeVisible();
    await checkPage('home');
    await expectNoHorizontalScroll();

    // Category tiles: at most 3, each linking to /products?category=<lowercased, encoded>.
    const tiles = main.locator('a[href^="/products?category="]');
    const tileCount = await tiles.count();
    expect(tileCount).toBeGreaterThan(0);
    expect(tileCount).toBeLessThanOrEqual(3);
    const href = (await tiles.first().getAttribute('href'))!;
    const category = decodeURIComponent(href.split('category=')[1]!);
    expect(category).toBe(category.toLowerCase());
    await tiles.first().click();
    await expect(page).toHaveURL(/\/products\?category=/);
    const expectedHeading = category.charAt(0).toUpperCase() + category.slice(1);
    await expect(page.getByRole('heading', { level: 1, name: expectedHeading })).toBeVisible();
    const inCategory = await listProducts(
      request,
      `page=1&limit=100&category=${encodeURIComponent(category)}`,
    );
    expect(inCategory.length).toBeGreaterThan(0);
    await expect(
      main.getByRole('link', { name: inCategory[0]!.title, exact: true }).first(),
    ).toBeVisible();
    await checkPage('products');
    await expectNoHorizontalScroll();

    // Parent-category filter: choosing one narrows the list and sets ?parentCategory=, page back to 1.
    const parents = [
      ...new Set(inCategory.map((p) => p.parentCategory).filter((p): p is string => !!p)),
    ];
    if (parents.length > 0) {
      const parent = parents[0]!;
      await page
        .getByRole('button', { name: parent, exact: true })
        .or(page.getByRole('radio', { name: parent, exact: true }))
        .first()
        .click();
      await expect(page).toHaveURL(
        new RegExp(`parentCategory=${encodeURIComponent(parent).replace(/%20/g, '(%20|\\+)')}`),
      );
      await expect(page.getByRole('heading', { level: 1, name: parent })).toBeVisible();
      const narrowed = inCategory.filter((p) => p.parentCategory === parent);
      await expect(
        main.getByRole('link', { name: narrowed[0]!.title, exact: true }).first(),
      ).toBeVisible();
    }

    // All products: pagination with the window, first/last and the summary line.
    const all = await listProducts(request);
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    await expect(page.getByText(`Showing 1 to 12 of ${all.length} items`)).toBeVisible();
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await pagination.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByText(`Showing 13 to 24 of ${all.length} items`)).toBeVisible();
    const lastPage = Math.ceil(all.length / 12);
    await pagination.getByRole('button', { name: `Page ${lastPage}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]page=${lastPage}`));
    await expect(
      page.getByText(`Showing ${(lastPage - 1) * 12 + 1} to ${all.length} of ${all.length} items`),
    ).toBeVisible();
    await expect(
      pagination.getByRole('button', { name: `Page ${lastPage}`, exact: true }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(pagination.getByRole('button', { name: 'Next' })).toBeDisabled();
    // Window of 2 either side plus the first page: 1 … n-2 n-1 n.
    await expect(pagination.getByRole('button', { name: 'Page 1', exact: true })).toBeVisible();
    await expect(
      pagination.getByRole('button', { name: `Page ${lastPage - 2}`, exact: true }),
    ).toBeVisible();
    if (lastPage > 4)
      await expect(
        pagination.getByRole('button', { name: `Page ${lastPage - 3}`, exact: true }),
      ).toHaveCount(0);

    // Featured items from the hero: only featured products.
    const featured = all.filter((p) =>
      p.attributes?.some(
        (a) => a.key.toLowerCase() === 'featured' && a.value.some((v) => v.includes('true')),
      ),
    );
    const notFeatured = all.find((p) => !featured.includes(p))!;
    await page.goto('/');
    await page.getByRole('link', { name: 'Featured Items' }).click();
    await expect(page).toHaveURL(/featured=true/);
    await expect(
      main.getByRole('link', { name: featured[0]!.title, exact: true }).first(),
    ).toBeVisible();
    await settle(page);
    await expect(main.getByRole('link', { name: notFeatured.title, exact: true })).toHaveCount(0);

    // An impossible filter shows the empty state and Clear Filters.
    await page.goto('/products?category=no-such-category-e2e');
    await expect(page.getByText('No products found with the selected filters.')).toBeVisible();
    await page
      .getByRole('button', { name: 'Clear Filters' })
      .or(page.getByRole('link', { name: 'Clear Filters' }))
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  });

  test('product (size required) → cart quantity, remove, clear', async ({
    page,
    request,
    checkPage,
    expectNoHorizontalScroll,
  }) => {
    const all = await listProducts(request);
    const found = all.find((p) => isFullyInStock(p) && sizesOf(p).length > 1);
    expect(found, 'the catalogue has a product with several sizes').toBeTruthy();
    const sized = found!;
    const other =
      all.find((p) => p.id !== sized.id && isFullyInStock(p) && sizesOf(p).length === 0) ??
      all.find((p) => p.id !== sized.id && isFullyInStock(p))!;

    await page.goto(`/product/${sized.id}`);
    await expect(page.getByRole('heading', { level: 1, name: sized.title })).toBeVisible();
    await expect(page.getByText(sized.id.slice(0, 8), { exact: false }).first()).toBeVisible();
    await checkPage('product');
    await expectNoHorizontalScroll();
    const addToCart = page
      .getByRole('main')
      .getByRole('button', { name: 'Add to Cart', exact: true });
    await addToCart.click();
    await expect(toast(page, 'Please select a size')).toBeVisible();
    await expect(toast(page, 'You must select a size before adding to cart')).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('alert').filter({ hasText: 'Please select a size' }),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/product/${sized.id}$`));
    const size = sizesOf(sized)[1]!;
    await pickOption(page, /^Size/, size);
    await addToCart.click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(toast(page, 'Added to cart')).toBeVisible();
    await expect(page.getByRole('main').getByText(sized.title).first()).toBeVisible();

    // A second product, added from its own page.
    await addProductToCart(page, other);

    const main = page.getByRole('main');
    await expect(main.getByText(sized.title).first()).toBeVisible();
    await expect(main.getByText(other.title).first()).toBeVisible();
    // The navigation bar's cart badge counts items (the phone's tab bar too).
    await expect(page.getByRole('link', { name: 'Cart, 2 items' }).first()).toBeVisible();
    await expect(main.getByText('Free', { exact: true }).first()).toBeVisible();
    await checkPage('cart');
    await expectNoHorizontalScroll();

    // Quantity: up to 2, then down to 1, and not below 1.
    const line = main.getByRole('listitem').filter({ hasText: sized.title });
    const stepper = line.getByRole('group', { name: `Quantity of ${sized.title}` });
    await expect(stepper).toContainText(/Quantity\s*1/);
    await stepper.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(stepper).toContainText(/Quantity\s*2/);
    await stepper.getByRole('button', { name: 'Decrease quantity' }).click();
    await expect(stepper).toContainText(/Quantity\s*1/);
    await expect(stepper.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await expect(line).toContainText(`Size: ${size}`);

    // Remove one line, then clear the rest.
    await line.getByRole('button', { name: `Remove ${sized.title}` }).click();
    await expect(toast(page, 'Removed from cart')).toBeVisible();
    await expect(main.getByText(sized.title)).toHaveCount(0);
    await expect(main.getByText(other.title).first()).toBeVisible();
    await main.getByRole('button', { name: 'Clear Cart' }).click();
    await expect(toast(page, 'Cart cleared')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute(
      'href',
      '/',
    );
    await checkPage('cart-empty');
  });

  test('a card leaves the size open; the cart asks for it before checkout', async ({
    page,
    request,
    checkPage,
    expectNoHorizontalScroll,
  }) => {
    // the first listing page shows the first 12 products in the API's order
    const firstPage = await listProducts(request, 'page=1&limit=12');
    const sized = firstPage.find((p) => isFullyInStock(p) && sizesOf(p).length > 1);
    expect(sized, 'a product with several sizes on the first listing page').toBeTruthy();
    const { title } = sized!;

    await page.goto('/products');
    await page.getByRole('button', { name: `Add ${title} to cart` }).click();
    await expect(toast(page, 'Added to cart')).toBeVisible();
    await page.goto('/cart');
    const main = page.getByRole('main');
    const sizeSelect = main.getByLabel(`Size for ${title}`);
    await expect(sizeSelect).toBeVisible();
    await expect(main.getByText('Needed before checkout').first()).toBeVisible();
    await checkPage('cart-choose-size');
    await expectNoHorizontalScroll();

    await main.getByRole('button', { name: /Checkout/ }).click();
    await expect(toast(page, 'Choose your options')).toBeVisible();
    await expect(page).toHaveURL(/\/cart$/);

    const size = sizesOf(sized!)[0]!;
    await sizeSelect.selectOption(size);
    if (coloursOf(sized!).length > 1)
      await main.getByLabel(`Colour for ${title}`).selectOption(coloursOf(sized!)[0]!);
    await expect(main.getByText(`Size: ${size}`)).toBeVisible();
    await expect(main.getByText('Needed before checkout')).toHaveCount(0);
    // the choice is made: checkout goes on (to the login it needs)
    await main.getByRole('button', { name: /Checkout/ }).click();
    await expect(toast(page, 'Login Required')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });
});

test('wishlist and quick view from the product cards', async ({
  page,
  request,
  checkPage,
  expectNoHorizontalScroll,
}) => {
  const [first] = (await listProducts(request, 'page=1&limit=12')).filter(isFullyInStock);
  const { title } = first!;
  await page.goto('/products');
  const main = page.getByRole('main');
  const card = main.getByRole('article').filter({ hasText: title }).first();
  await card.hover();

  // the heart saves it: a toast, the pressed heart and the count in the bar
  const heart = card.getByRole('button', { name: `Save ${title} to wishlist` });
  await heart.click();
  await expect(toast(page, 'Added to wishlist')).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('link', { name: 'Wishlist, 1 item' })).toBeVisible();

  // quick view shows it without leaving the list; its Add to Cart adds and closes it
  await card.hover();
  await card.getByRole('button', { name: `Quick view ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'View full details' })).toHaveAttribute(
    'href',
    `/product/${first!.id}`,
  );
  await checkPage('quick-view');
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(page, 'Added to cart')).toBeVisible();
  // the toast settles below the bar (it slides in from above), so the bar's links can be tapped
  const barBottom = await page
    .getByRole('banner')
    .evaluate((el) => el.getBoundingClientRect().bottom);
  await expect
    .poll(() =>
      toast(page, 'Added to cart').evaluate((el) => el.closest('li')!.getBoundingClientRect().top),
    )
    .toBeGreaterThanOrEqual(barBottom);

  // the wishlist page keeps it (also after a reload) until it is removed
  await page.getByRole('link', { name: 'Wishlist, 1 item' }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Wishlist' })).toBeVisible();
  await expect(main.getByRole('link', { name: title })).toHaveAttribute(
    'href',
    `/product/${first!.id}`,
  );
  await checkPage('wishlist');
  await expectNoHorizontalScroll();
  await main.getByRole('button', { name: `Remove ${title} from wishlist` }).click();
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Wishlist, 0 items' })).toBeVisible();
});

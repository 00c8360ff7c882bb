import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import {
  test,
  expect,
  newShopper,
  orderCard,
  plainProducts,
  registerViaApi,
  shipping,
  signInBrowser,
  toast,
} from '../support/fixtures';
import { approveInGateway, choosePaymentMethod } from '../support/payment';

const kolkata = {
  ...shipping,
  address: '22 Park Street',
  city: 'Kolkata',
  state: 'West Bengal',
  postalCode: '700016',
};

async function pdfTextOf(download: Download): Promise<string> {
  const bytes = await readFile((await download.path())!);
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** A rupee amount printed after a label in the invoice's totals, in paise. */
function printedPaise(text: string, label: string): number {
  const match = new RegExp(`${label}\\s+₹([\\d,]+\\.\\d{2})`).exec(text);
  expect(match, `"${label}" in the invoice text`).not.toBeNull();
  return Math.round(Number(match![1]!.replace(/,/g, '')) * 100);
}

async function downloadFrom(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}

test('GST invoices: CGST+SGST inside West Bengal, IGST to Karnataka, from My Orders and Track order', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const shopper = newShopper('invoice', testInfo.project.name);
  const token = await registerViaApi(request, shopper);
  await signInBrowser(context, baseURL!, token);
  const [a, b] = await plainProducts(request, 2);

  const place = async (shippingAddress: typeof shipping) => {
    const res = await request.post('/api/v1/orders', {
      headers: { authorization: `Bearer ${token}` },
      data: { products: { [a!.id]: 2, [b!.id]: 1 }, shippingAddress },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string; total: number };
  };
  const inState = await place(kolkata);
  const outOfState = await place(shipping);

  for (const order of [inState, outOfState]) {
    await page.goto(`/payment?orderId=${order.id}`);
    await choosePaymentMethod(page, 'gateway');
    await approveInGateway(page);
    await expect(page).toHaveURL(/\/order-success/);
  }

  await page.goto('/orders');
  const invoices: Record<string, string> = {};
  for (const order of [inState, outOfState]) {
    const button = orderCard(page, order.id).getByRole('button', { name: /Download invoice/ });
    await expect(button).toBeVisible();
    const download = await downloadFrom(page, () => button.click());
    expect(download.suggestedFilename()).toMatch(/^[A-Z]{2}-\d\d-\d\d-\d{6}\.pdf$/);
    const text = await pdfTextOf(download);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(order.id);
    expect(printedPaise(text, 'Invoice total')).toBe(Math.round(order.total * 100));
    invoices[order.id] = text;
  }

  const wb = invoices[inState.id]!;
  expect(wb).toContain('Place of supply West Bengal (19)');
  expect(wb).toContain('CGST');
  expect(wb).toContain('SGST');
  expect(wb).not.toContain('IGST');
  expect(
    printedPaise(wb, 'Taxable value') + printedPaise(wb, 'CGST') + printedPaise(wb, 'SGST'),
  ).toBe(Math.round(inState.total * 100));

  const ka = invoices[outOfState.id]!;
  expect(ka).toContain('Place of supply Karnataka (29)');
  expect(ka).toContain('IGST');
  expect(ka).not.toContain('CGST');
  expect(printedPaise(ka, 'Taxable value') + printedPaise(ka, 'IGST')).toBe(
    Math.round(outOfState.total * 100),
  );

  // Track order, as a visitor who knows the order's e-mail: the same invoice
  const visitor = await context.browser()!.newContext({ baseURL });
  const guest = await visitor.newPage();
  try {
    await guest.goto(`/track-order?id=${outOfState.id}`);
    await guest.getByLabel('Email or Phone').fill(shopper.email);
    await guest.getByRole('button', { name: /track/i }).click();
    await expect(toast(guest, 'Order found')).toBeVisible();
    const tracked = await downloadFrom(guest, () =>
      guest
        .getByRole('main')
        .getByRole('button', { name: /Download invoice/ })
        .click(),
    );
    const text = await pdfTextOf(tracked);
    expect(text).toContain(outOfState.id);
    expect(text).toContain('IGST');
    expect(printedPaise(text, 'Invoice total')).toBe(Math.round(outOfState.total * 100));
  } finally {
    await visitor.close();
  }
});

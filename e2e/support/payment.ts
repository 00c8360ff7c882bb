import { expect, type BrowserContext, type Page } from '@playwright/test';

const methodOption = {
  gateway: /sandbox gateway|card or netbanking/i,
  'upi-qr': /scan a QR code/i,
  'upi-app': /UPI app on this phone/i,
  cod: /cash on delivery/i,
  razorpay: /via Razorpay/i,
} as const;

/** A native <select> or a Radix select (combobox + listbox): choose the option matching `option`. */
export async function chooseOption(
  page: Page,
  label: string | RegExp,
  option: string | RegExp,
): Promise<void> {
  const control = page.getByLabel(label).first();
  await expect(control).toBeVisible();
  if ((await control.evaluate((el) => el.tagName)) === 'SELECT') {
    const text = await control.locator('option').filter({ hasText: option }).first().textContent();
    await control.selectOption({ label: text! });
  } else {
    await control.click();
    await page.getByRole('option', { name: option }).first().click();
  }
}

/**
 * The sandbox "UPI app" link of each order's last UPI attempt, from the POST /payments answer the
 * shopper's page received (action.sandboxUrl): only the order's owner gets it, with a token bound
 * to the attempt, so the journey opens the sandbox the way the owner's browser can.
 */
const sandboxUpiLinks = new Map<string, string>();

/** The owner's sandbox UPI link of the order's last UPI attempt: its paymentId and token. */
export function ownerSandboxLink(orderId: string): {
  url: string;
  paymentId: string;
  token: string;
} {
  const url = sandboxUpiLinks.get(orderId);
  expect(url, `no sandbox UPI link was given for order ${orderId}`).toBeTruthy();
  const query = new URL(url!, 'http://store.invalid').searchParams;
  return { url: url!, paymentId: query.get('paymentId') ?? '', token: query.get('token') ?? '' };
}

/** The server-driven payment form (GET /payments/fields): method, payer, phone, consent; then pay. */
export async function choosePaymentMethod(
  page: Page,
  method: keyof typeof methodOption,
): Promise<void> {
  await expect(page).toHaveURL(/\/payment\?/);
  await chooseOption(page, 'Payment method', methodOption[method]);
  const payer = page.getByLabel('Name of the payer');
  if ((await payer.inputValue()) === '') await payer.fill('Asha Verma');
  const email = page.getByLabel('Email for the receipt');
  if ((await email.inputValue()) === '') await email.fill('asha@example.com');
  const phone = page.getByLabel('Mobile number');
  await phone.fill('+919876543210');
  await expect(phone).toHaveValue('+919876543210');
  const consent = page.getByLabel('I agree to the terms of sale and the refund policy');
  if (!(await consent.isChecked())) await consent.check();
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/payments',
  );
  await page.getByRole('main').getByRole('button', { name: /^pay/i }).click();
  const response = await answer;
  const body = (await response.json().catch(() => ({}))) as { action?: { sandboxUrl?: string } };
  const orderId = (response.request().postDataJSON() as { orderId?: string } | null)?.orderId;
  if (orderId && body.action?.sandboxUrl) sandboxUpiLinks.set(orderId, body.action.sandboxUrl);
}

/** On the store's sandbox gateway page: Approve. */
export async function approveInGateway(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox-gateway\//);
  await expect(page.getByRole('heading', { name: 'Sandbox payment gateway' })).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
}

export async function declineInGateway(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox-gateway\//);
  await page.getByRole('button', { name: 'Decline' }).click();
}

/** The QR screen is open; complete the UPI payment from the sandbox's "UPI app" in another tab. */
export async function completeUpiInSandbox(
  context: BrowserContext,
  orderId: string,
): Promise<void> {
  const link = sandboxUpiLinks.get(orderId);
  expect(link, `no sandbox UPI link was given for order ${orderId}`).toBeTruthy();
  const phone = await context.newPage();
  await phone.goto(link!);
  await phone.getByRole('button', { name: 'Approve' }).click();
  await expect(phone.getByRole('heading', { name: 'Payment approved' })).toBeVisible();
  await phone.close();
}

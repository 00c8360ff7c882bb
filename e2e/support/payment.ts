import { expect, type BrowserContext, type Page } from '@playwright/test';

/** Placeholder until the payment form lands: picks the method in the server-driven form and submits. */
export async function choosePaymentMethod(page: Page, method: 'gateway' | 'upi-qr'): Promise<void> {
  const select = page.getByLabel(/payment method|method/i).first();
  await expect(select).toBeVisible();
  const option = method === 'gateway' ? /card|netbanking|gateway/i : /qr/i;
  if ((await select.evaluate((el) => el.tagName)) === 'SELECT') {
    const label = await select.locator('option').filter({ hasText: option }).first().textContent();
    await select.selectOption({ label: label! });
  } else {
    await page.getByRole('radio', { name: option }).first().check();
  }
  await page.getByRole('button', { name: /^pay/i }).click();
}

/** On the store's sandbox gateway page: Approve. */
export async function approveInGateway(page: Page, screenshotName?: string): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox-gateway\//);
  void screenshotName;
  await page.getByRole('button', { name: 'Approve' }).click();
}

export async function declineInGateway(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox-gateway\//);
  await page.getByRole('button', { name: 'Decline' }).click();
}

/** The QR screen is open in `page`; complete the UPI payment from the sandbox in another tab. */
export async function completeUpiInSandbox(page: Page, context: BrowserContext, orderId: string): Promise<void> {
  const sandbox = await context.newPage();
  await sandbox.goto(`/sandbox-gateway/upi?orderId=${orderId}`);
  await sandbox.getByRole('button', { name: 'Approve' }).click();
  await sandbox.close();
  void page;
}

import {
  adminHeaders,
  apiSignIn,
  credentials,
  haveStaff,
  openOutboxAsStaff,
} from '../support/admin';
import { test, expect } from '../support/fixtures';
import { paidOrderInBrowser } from '../support/shop';

// Without SMTP_URL (as `npm start` and this harness run) every e-mail the shop sends is written
// under the data folder and listed at /demo/outbox, for the shop's staff only: what a shopper
// would have received.
test.describe('order e-mails', () => {
  test.skip(!haveStaff(), 'shipping needs the staff made by global setup');

  test('a shopper who orders, pays and is shipped to gets three e-mails, which the staff find in the demo outbox', async ({
    browser,
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    const { order, shopper } = await paidOrderInBrowser(page, {
      request,
      context,
      baseURL: baseURL!,
      tag: 'mail',
      project: testInfo.project.name,
    });

    // the shop dispatches it with Delhivery (the back office's Mark shipped, through its API)
    const session = await apiSignIn(request, 'staff');
    const trackingNumber = `98${Date.now().toString().slice(-11)}`;
    const shipped = await request.post(`/api/v1/admin/orders/${order.id}/ship`, {
      headers: adminHeaders(session),
      data: { carrier: 'Delhivery', trackingNumber },
    });
    expect(shipped.status(), await shipped.text()).toBe(200);

    // the shop's staff open the outbox from the back office
    const outbox = await openOutboxAsStaff(browser, session, baseURL!);
    const rows = outbox.getByTestId('outbox-row').filter({ hasText: order.id });
    const subjects = [
      `Your Kagaz & Kalam order ${order.id}`,
      `Payment received for order ${order.id}`,
      `Order ${order.id} has shipped`,
    ];
    // the mail job is woken by each change; reload until all three were sent
    await expect(async () => {
      await outbox.goto('/demo/outbox');
      for (const subject of subjects)
        await expect(
          rows.getByRole('link', { name: subject, exact: true }),
          `${subject} is listed as sent`,
        ).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(outbox.getByRole('heading', { name: 'Demo outbox' })).toBeVisible();
    // the shopper's three; each owner (the run's and any a journey added) also got a New order
    const owners = rows.filter({ hasText: 'New order (owner)' });
    await expect(rows.filter({ hasNotText: 'New order (owner)' })).toHaveCount(3);
    await expect(owners.filter({ hasText: credentials('owner').email })).toHaveCount(1);
    // the confirmation goes to the account; later ones to the receipt address given at payment
    await expect(rows.filter({ hasText: 'Order placed' })).toContainText(shopper.email);

    await rows.getByRole('link', { name: `Order ${order.id} has shipped`, exact: true }).click();
    await expect(outbox.getByRole('heading', { name: 'Your order is on its way' })).toBeVisible();
    await expect(outbox.getByText(trackingNumber).first()).toBeVisible();
    await expect(outbox.getByText('Delhivery').first()).toBeVisible();
    await expect(outbox.getByRole('link', { name: 'View my orders' })).toHaveAttribute(
      'href',
      /^https?:\/\/[^/]+\/orders$/,
    );
    await outbox.context().close();

    // the shopper (or anyone else) is refused the outbox: it holds every shopper's e-mails
    const refused = await page.goto('/demo/outbox');
    expect(refused?.status()).toBe(401);
    await expect(page.getByRole('heading', { name: 'Demo outbox: staff only' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in to the back office' })).toHaveAttribute(
      'href',
      '/admin',
    );
    await expect(page.getByTestId('outbox-row')).toHaveCount(0);
  });
});

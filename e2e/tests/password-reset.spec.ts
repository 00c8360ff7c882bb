import { haveStaff, openOutboxAsStaff, test } from '../support/admin';
import { expect, newShopper, toast } from '../support/fixtures';
import { fillRegistration, logIn } from '../support/shop';

// Without SMTP_URL (as this harness runs) the reset e-mail is written under the data folder and
// listed at /demo/outbox, where the shopper's inbox would be; only the shop's staff may open it,
// so a member of staff reads it out to the shopper here.
test('a shopper who forgot the password resets it through the e-mailed link', async ({
  browser,
  baseURL,
  page,
  staffSession,
  checkPage,
  expectNoHorizontalScroll,
}, testInfo) => {
  test.skip(!haveStaff(), 'the demo outbox needs the staff made by global setup');
  const shopper = newShopper('reset', testInfo.project.name);
  const newPassword = 'fountain-pen-77';

  await page.goto('/register');
  await fillRegistration(page, shopper);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Account created successfully. You can now log in.')).toBeVisible();

  // Forgot password, from the login screen.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await checkPage('forgot-password');
  await page.getByLabel('Email').fill(shopper.email.toUpperCase());
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByText('If an account exists for that address, we have sent a link.'),
  ).toBeVisible();
  await expectNoHorizontalScroll();

  // The e-mail, in the demo outbox (the mail job is woken by the request; reload until it is sent).
  const outbox = await openOutboxAsStaff(browser, staffSession, baseURL!);
  const row = outbox
    .getByTestId('outbox-row')
    .filter({ hasText: shopper.email })
    .filter({ hasText: 'Password reset' });
  await expect(async () => {
    await outbox.goto('/demo/outbox');
    await expect(row.getByRole('link', { name: /^Reset your .+ password$/ })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: /^Reset your .+ password$/ }).click();
  await expect(outbox.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(outbox.getByText(`Hello ${shopper.firstName},`)).toBeVisible();
  const link = await outbox
    .getByRole('link', { name: 'Choose a new password' })
    .getAttribute('href');
  expect(link).toMatch(/^https?:\/\/[^/]+\/reset-password#token=[A-Za-z0-9_-]{43}$/);
  await outbox.context().close();

  // The shopper's own browser is refused the outbox, whose reset links would open any account.
  expect((await page.request.get('/demo/outbox')).status()).toBe(401);

  // Following it: the token leaves the address bar at once; the new password is set.
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password$/);
  await checkPage('reset-password');
  await page.getByLabel('New Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm New Password').fill('short');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(toast(page, 'Please sign in with your new password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer opens the account; the new one does.
  await logIn(page, shopper);
  await expect(toast(page, 'Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, { ...shopper, password: newPassword });
  await expect(toast(page, 'Logged in successfully.')).toBeVisible();
  await expect(page).not.toHaveURL(/\/login$/);

  // The link was for one use only.
  await page.goto(link!);
  await page.getByLabel('New Password', { exact: true }).fill('another-pen-88');
  await page.getByLabel('Confirm New Password').fill('another-pen-88');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(
    page.getByText('This reset link is invalid or has expired. Please ask for a new one.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
});

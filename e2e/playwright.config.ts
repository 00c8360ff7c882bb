import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './support/browser';

// The suite runs the system Chromium; never let anything fetch Playwright's own browsers.
process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';

function browserOrExit(): string {
  try {
    return chromiumPath();
  } catch (error) {
    // A clear message beats a stack trace from the config loader.
    console.error(`\n[e2e] ${(error as Error).message}\n`);
    process.exit(1);
  }
}
const executablePath = browserOrExit();
const launchOptions = { executablePath, args: chromiumArgs };

const desktop = {
  viewport: { width: 1280, height: 800 },
  deviceScaleFactor: 1,
  isMobile: false,
  hasTouch: false,
};
const phone = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
};
const backOffice = /back-office(-[a-z]+)*\.spec\.ts$/;
// Journeys about what the server sends or decides (e-mails, reset links, invoice PDFs, stock,
// delivery dates, cash on delivery, the sandbox's approval page, a Shiprocket booking and its
// tracking webhooks) are the same on any screen: they run once, on the desktop, and keep CI short. The screens a shopper uses (browse, search,
// product page, cart, checkout, payment, the phone's own layout) run on both.
const desktopOnly =
  /(emails|messages|invoices|password-reset|stock|delivery|cash-on-delivery|sandbox-approval|server-rendering|returns|shiprocket)\.spec\.ts$/;
// The back office on a phone: its navigation and screens (back-office.spec.ts); the GST form's
// journey checks what is saved, and the device-cookie journey what the server decides, the same
// at any width.
const backOfficeDesktopOnly = /back-office-(gst|device|new-order)\.spec\.ts$/;
// E2E_DESKTOP_ONLY=1 (CI's second run, on PostgreSQL): the journeys at desktop size only, since
// no database changes a phone's layout and the first run covered those
const phones = process.env.E2E_DESKTOP_ONLY !== '1';
// E2E_DESKTOP_ONLY=1 also narrows the storefront to the journeys that write money, stock and
// orders (where PostgreSQL's transactions and locks differ from PGlite's); the screens that only
// read the catalogue ran above on PGlite, and the API suite reruns their endpoints on PostgreSQL
const writesOnly = phones
  ? undefined
  : /(checkout|payments|razorpay|shiprocket|stock|cash-on-delivery|cod-code|invoices|emails|sandbox-approval)\.spec\.ts$/;
const storefront = phones ? ['desktop', 'phone'] : ['desktop'];

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // Builds the web app, starts the real server on a free port with a fresh database and
  // sets E2E_BASE_URL; the function it returns stops the server.
  globalSetup: './support/global-setup.ts',
  workers: 2,
  // Every test makes its own shopper and orders, so tests of one file can share the two workers.
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./support/summary-reporter.ts']],
  use: {
    // Set by global setup before the workers start (the config is read again in each worker).
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    // Traces cost time on every test; keep them for local debugging only.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: backOffice,
      ...(writesOnly ? { testMatch: writesOnly } : {}),
      use: desktop,
    },
    ...(phones ? [{ name: 'phone', testIgnore: [backOffice, desktopOnly], use: phone }] : []),
    // The back office adds products and renames the store: its journeys start once the
    // storefront's have finished, so none of those counts a catalogue that grows under it.
    { name: 'admin-desktop', testMatch: backOffice, dependencies: storefront, use: desktop },
    ...(phones
      ? [
          {
            name: 'admin-phone',
            testMatch: backOffice,
            testIgnore: backOfficeDesktopOnly,
            dependencies: storefront,
            use: phone,
          },
        ]
      : []),
  ],
});

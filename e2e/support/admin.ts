import {
  expect,
  request as newRequest,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { test as base } from './fixtures';

/*
 * The back office (/admin) for the journeys: who signs in, signing in through the form, and a
 * faster way in for journeys that are not about signing in.
 *
 * The people are made by global setup with the operator CLI (`npm run store -- staff add`), and
 * their credentials come through the environment. Sign-in is rate-limited per address and e-mail
 * (10 in 5 minutes, like the shop's), so only the sign-in journey uses the form; the others share
 * one API session per worker and role, put into the tab's sessionStorage the way the app keeps it.
 */

export type Role = 'owner' | 'staff';

export type StaffSession = {
  token: string;
  expiresAt: string;
  staff: { id: string; email: string; role: Role };
};

/** The navigation, in the spec's order (section 2), with each screen's heading. */
export const adminScreens = [
  { link: 'Dashboard', heading: 'Dashboard', path: /\/admin\/?$/, ownerOnly: false },
  { link: 'Orders', heading: 'Orders', path: /\/admin\/orders$/, ownerOnly: false },
  { link: 'Held stock', heading: 'Held stock', path: /\/admin\/held-stock$/, ownerOnly: false },
  { link: 'Returns', heading: 'Returns', path: /\/admin\/returns$/, ownerOnly: false },
  { link: 'Products', heading: 'Products', path: /\/admin\/products$/, ownerOnly: false },
  { link: 'Categories', heading: 'Categories', path: /\/admin\/categories$/, ownerOnly: false },
  { link: 'Discounts', heading: 'Discounts', path: /\/admin\/discounts$/, ownerOnly: false },
  { link: 'Customers', heading: 'Customers', path: /\/admin\/customers$/, ownerOnly: false },
  { link: 'Reviews', heading: 'Reviews', path: /\/admin\/reviews$/, ownerOnly: false },
  { link: 'Messages', heading: 'Messages', path: /\/admin\/messages$/, ownerOnly: false },
  {
    link: 'Store settings',
    heading: 'Store settings',
    path: /\/admin\/settings$/,
    ownerOnly: true,
  },
  { link: 'Staff', heading: 'Staff', path: /\/admin\/staff$/, ownerOnly: true },
  { link: 'Activity', heading: 'Activity', path: /\/admin\/activity$/, ownerOnly: false },
] as const;

/** A screen by its link's name: the journeys do not depend on the navigation's order. */
export const adminScreen = (link: (typeof adminScreens)[number]['link']) =>
  adminScreens.find((s) => s.link === link)!;

/** Global setup made the people (not so against a server you started without E2E_OWNER_*). */
export const haveStaff = (): boolean =>
  !!process.env.E2E_OWNER_EMAIL && !!process.env.E2E_STAFF_EMAIL;

/** The owner's or the staff person's e-mail and password, from global setup. */
export function credentials(role: Role): { email: string; password: string } {
  const prefix = role === 'owner' ? 'E2E_OWNER' : 'E2E_STAFF';
  const email = process.env[`${prefix}_EMAIL`];
  const password = process.env[`${prefix}_PASSWORD`];
  if (!email || !password)
    throw new Error(`${prefix}_EMAIL and ${prefix}_PASSWORD are not set (global setup sets them)`);
  return { email, password };
}

/** Run-unique text for names and titles, so projects and reruns on one database never collide. */
export function runTag(project: string): string {
  const run = process.env.E2E_RUN_ID ?? Date.now().toString(36);
  return `${run}${project.endsWith('phone') ? 'p' : 'd'}${Math.random().toString(36).slice(2, 5)}`;
}

/** POST /api/v1/admin/session: a staff session for the API (and for the tab). */
export async function apiSignIn(request: APIRequestContext, role: Role): Promise<StaffSession> {
  // the run's one session for the role, signed in by global setup (its comment says why)
  const shared = process.env[role === 'owner' ? 'E2E_OWNER_SESSION' : 'E2E_STAFF_SESSION'];
  if (shared) return JSON.parse(shared) as StaffSession;
  const res = await request.post('/api/v1/admin/session', { data: credentials(role) });
  expect(res.status(), `admin sign-in as ${role}: ${await res.text()}`).toBe(200);
  return (await res.json()) as StaffSession;
}

/** Calls the admin API with a staff session's Bearer token. */
export function adminHeaders(session: StaffSession): Record<string, string> {
  return { authorization: `Bearer ${session.token}` };
}

/** The sign-in form at /admin/login: Email, Password, Sign in. */
export async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Open the back office already signed in: the session goes into sessionStorage before the app's
 * first script runs (where the app keeps it, one tab at a time), then the page at `path`.
 */
export async function openAdmin(page: Page, session: StaffSession, path = '/admin'): Promise<void> {
  await page.addInitScript((value) => {
    try {
      if (!window.sessionStorage.getItem('admin_session'))
        window.sessionStorage.setItem('admin_session', value);
    } catch {
      // a sandboxed page (the demo outbox's) has no storage, and needs no session
    }
  }, JSON.stringify(session));
  await page.goto(path);
  await expect(
    page.getByRole('navigation', { name: 'Back office', includeHidden: true }),
  ).toBeAttached();
}

/**
 * The demo outbox in a staff member's own browser, opened as they would: the back office's Demo
 * outbox button, which swaps a one-time ticket for the outbox's cookie. Later visits of
 * /demo/outbox in that browser need nothing more. Close its context when done.
 */
export async function openOutboxAsStaff(
  browser: Browser,
  session: StaffSession,
  baseURL: string,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await openAdmin(page, session);
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('button', { name: 'Demo outbox' })
    .click();
  await expect(page).toHaveURL(/\/demo\/outbox$/);
  await expect(page.getByRole('heading', { name: 'Demo outbox', exact: true })).toBeVisible();
  return page;
}

/** The back office's navigation; on a phone it hides behind the Menu button. */
export async function adminNav(page: Page, isMobile: boolean) {
  const nav = page.getByRole('navigation', { name: 'Back office' });
  if (isMobile && !(await nav.isVisible())) {
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(nav).toBeVisible();
  }
  return nav;
}

/** Go to a screen through the navigation, and wait for its heading. */
export async function navigateTo(
  page: Page,
  isMobile: boolean,
  screen: (typeof adminScreens)[number],
): Promise<void> {
  const nav = await adminNav(page, isMobile);
  await nav.getByRole('link', { name: screen.link, exact: true }).click();
  await expect(page).toHaveURL(screen.path);
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: screen.heading, exact: true }),
  ).toBeVisible();
  // the screen's data, not its skeleton or spinner
  await expect(page.getByRole('main').getByText('Loading…', { exact: true })).toHaveCount(0);
}

type AdminFixtures = {
  /** The owner's API session, one per worker (sign-in is rate-limited). */
  ownerSession: StaffSession;
  staffSession: StaffSession;
};

/** A worker's session for `role`, through its own API context. */
function sessionFixture(role: Role) {
  // Playwright reads a fixture's dependencies from its first parameter: none here
  // eslint-disable-next-line no-empty-pattern
  return async ({}: object, use: (session: StaffSession) => Promise<void>) => {
    const api = await newRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
    await use(await apiSignIn(api, role));
    await api.dispose();
  };
}

export const test = base.extend<object, AdminFixtures>({
  ownerSession: [sessionFixture('owner'), { scope: 'worker' }],
  staffSession: [sessionFixture('staff'), { scope: 'worker' }],
});

export { expect };

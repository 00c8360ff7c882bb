import { existsSync } from 'node:fs';

/**
 * The journeys drive the machine's Chromium (Debian's `chromium` package), never a browser
 * downloaded by `npx playwright install`: CI installs it with apt, and so can a developer.
 */
export function chromiumPath(): string {
  const fromEnv = process.env.CHROME_PATH?.trim();
  if (fromEnv) {
    if (!existsSync(fromEnv)) {
      throw new Error(
        `CHROME_PATH is set to "${fromEnv}" but no browser is there. ` +
          'Point CHROME_PATH at a Chromium or Chrome executable, or unset it to use /usr/bin/chromium.',
      );
    }
    return fromEnv;
  }
  for (const candidate of [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(
    'The end-to-end journeys need Chromium, and none was found (looked for CHROME_PATH, ' +
      '/usr/bin/chromium, /usr/bin/chromium-browser, /usr/bin/google-chrome).\n' +
      'Install it with:  apt-get install -y chromium\n' +
      'or point CHROME_PATH at an existing Chromium/Chrome executable. ' +
      '(Do not use `npx playwright install`: the suite uses the system browser.)',
  );
}

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];

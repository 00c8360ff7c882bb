import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const e2eRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = resolve(e2eRoot, '..');
/** Git-ignored; one sub-folder per Playwright project (desktop, phone). */
export const screenshotsRoot = resolve(e2eRoot, 'screenshots');

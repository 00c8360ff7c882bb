#!/usr/bin/env node
/* global window, document -- page.evaluate and addInitScript bodies run in the browser */
// What a phone sees of the listing (issue 13): on a 390×844 touch screen, /products page 1's
// height once the products are in, how many cards sit side by side, and the cumulative layout
// shift from the first paint to then (the skeleton must match the grid), with the API answering
// 600 ms late as on a phone network. Uses the system Chromium and the built web app (built first
// when stale), served by the real server on an embedded PGlite database in a temporary folder,
// seeded with the demo catalogue.
//   node bench/phone-listing.mjs   (env: BENCH_RUNS=5; BASE_URL=http://… to measure a running store)
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { waitFor } from './shop.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

let server;
let dataDir;
let baseUrl = process.env.BASE_URL;
if (!baseUrl) {
  execFileSync(process.execPath, [join(root, 'scripts/ensure-web-build.mjs')], {
    stdio: 'inherit',
  });
  dataDir = mkdtempSync(join(tmpdir(), 'phone-listing-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '3921', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  baseUrl = 'http://127.0.0.1:3921';
  await waitFor(`${baseUrl}/api/v1/products?limit=1`);
}

const GRID_ITEMS = 'main ul:has(> li a[href^="/product/"]) > li';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const browser = await chromium.launch({ executablePath: chromiumPath, args });
const results = [];
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    // layout shifts not caused by input, summed (Chrome's CLS without session windows: an upper bound)
    await page.addInitScript(() => {
      window.__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // a phone's network: the listing's answer arrives after the skeleton has painted, as it does
    // on a real connection (on localhost it can beat the first paint and hide any shift)
    await page.route('**/api/v1/products?**', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.goto(`${baseUrl}/products`);
    // the product grid: the list whose items link to product pages (not the collection links)
    const cards = page.locator(GRID_ITEMS);
    await cards.first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const measured = await page.evaluate((selector) => {
      const items = [...document.querySelectorAll(selector)];
      const top = items[0]?.getBoundingClientRect().top;
      return {
        height: document.documentElement.scrollHeight,
        width: document.documentElement.scrollWidth,
        perRow: items.filter((li) => Math.abs(li.getBoundingClientRect().top - top) < 2).length,
        cards: items.length,
        cls: window.__cls,
      };
    }, GRID_ITEMS);
    results.push(measured);
    await context.close();
  }
} finally {
  await browser.close();
  server?.kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

const last = results.at(-1);
console.log(`phone /products (390×844), ${runs} runs, medians:`);
console.log(`  cards on the page   ${last.cards}, ${last.perRow} per row`);
console.log(`  page height         ${median(results.map((r) => r.height))} px`);
console.log(`  page width          ${median(results.map((r) => r.width))} px`);
console.log(
  `  layout shift (CLS)  ${median(results.map((r) => r.cls)).toFixed(3)} (runs: ${results.map((r) => r.cls.toFixed(3)).join(', ')})`,
);

#!/usr/bin/env node
/* global window, document -- page.evaluate and addInitScript bodies run in the browser */
// What a phone sees of the listing (issue 13): on a 390×844 touch screen, /products page 1's
// height once the products are in, how many cards sit side by side, and the cumulative layout
// shift from the first paint to then (the skeleton must match the grid), with the API answering
// 600 ms late as on a phone network. Uses the system Chromium and the built web app (built first
// when stale), served by the real server on an embedded PGlite database in a temporary folder,
// seeded with the demo catalogue.
//   node bench/phone-listing.mjs   (env: BENCH_RUNS=5; BASE_URL=http://… to measure a running store)
import { chromium } from '@playwright/test';
import {
  chromiumArgs as args,
  chromiumPath,
  phoneContext,
  startStore,
} from './lib/store-server.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 5);

const store = process.env.BASE_URL ? undefined : await startStore({ label: 'phone-listing' });
const baseUrl = process.env.BASE_URL ?? store.baseUrl;

const GRID_ITEMS = 'main ul:has(> li a[href^="/product/"]) > li';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const browser = await chromium.launch({ executablePath: chromiumPath, args });
const results = [];
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext(phoneContext);
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
  await store?.stop();
}

const last = results.at(-1);
console.log(`phone /products (390×844), ${runs} runs, medians:`);
console.log(`  cards on the page   ${last.cards}, ${last.perRow} per row`);
console.log(`  page height         ${median(results.map((r) => r.height))} px`);
console.log(`  page width          ${median(results.map((r) => r.width))} px`);
console.log(
  `  layout shift (CLS)  ${median(results.map((r) => r.cls)).toFixed(3)} (runs: ${results.map((r) => r.cls.toFixed(3)).join(', ')})`,
);

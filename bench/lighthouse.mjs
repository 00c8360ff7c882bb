#!/usr/bin/env node
// Lighthouse as a phone sees the store (issue 14): the performance category (and SEO, printed for
// information) of home, the listing, search results and a product page, mobile form factor with
// Lighthouse's default simulated throttling (slow 4G, 4× CPU), in the system Chromium. Each page
// is loaded once first and not measured, so the server's caches and JIT are warm as in a store
// that has been up a while; then it is measured `--runs` times (3) and the medians printed. Exits
// 1 when a page's median misses a budget (issue 25): score ≥ 98, LCP ≤ 1.5 s, TBT ≤ 100 ms,
// CLS ≤ 0.02; a TBT over the stretch goal of 50 ms is printed, not failed.
// Simulated throttling scales what the machine does: other work on its cores lowers the scores, so
// the load average is printed with the figures. "server" is the document's response time as
// observed (not throttled): what the server itself takes to answer.
//   npm run bench:lighthouse                         (builds when stale, starts its own store)
//   npm run bench:lighthouse -- --url http://127.0.0.1:3000   (a store you started yourself)
//   options: --runs N, --only home,product, --out <folder> (each run's report as JSON),
//            --verbose (each run's figures, the LCP element and its phases)
// package.json's overrides pin the two packages Lighthouse's trace engine asks for as "latest":
// without them `npm ci` refuses the lock file as soon as either publishes a new version.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  argValue,
  chromiumArgs,
  chromiumPath,
  storeFromArgs,
  storefrontPages,
} from './lib/store-server.mjs';

const BUDGET = { score: 98, lcp: 1500, tbt: 100, cls: 0.02 };
/** issue 25's stretch goal for TBT: reported, not a failure */
const TBT_STRETCH = 50;
const runs = Number(argValue('--runs') ?? 3);
const only = argValue('--only')?.split(',');
const outDir = argValue('--out');
const verbose = process.argv.includes('--verbose');
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number ≥ 1');

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The figures of one Lighthouse report that the budgets and the table use. */
function figures(lhr) {
  const audit = (id) => lhr.audits[id];
  const lcpDetails = audit('largest-contentful-paint-element')?.details?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    seo: lhr.categories.seo ? Math.round((lhr.categories.seo.score ?? 0) * 100) : undefined,
    fcp: audit('first-contentful-paint').numericValue,
    lcp: audit('largest-contentful-paint').numericValue,
    tbt: audit('total-blocking-time').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    si: audit('speed-index').numericValue,
    ttfb: audit('server-response-time')?.numericValue,
    lcpElement: lcpDetails[0]?.items?.[0]?.node?.snippet,
    lcpPhases: (lcpDetails[1]?.items ?? []).map((p) => `${p.phase} ${Math.round(p.timing)} ms`),
    seoFailures: Object.values(lhr.categories.seo?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => a.title),
    warnings: lhr.runWarnings,
  };
}

const store = await storeFromArgs({ label: 'bench-lighthouse' });
let chrome;
let version = '?';
const results = [];
try {
  const pages = (await storefrontPages(store.baseUrl)).filter(
    (p) => !only || only.includes(p.name),
  );

  // Warm-up: each page once in a browser, so the server has rendered it and answered the API
  // calls its scripts make, and the first measured run does not pay for a cold cache.
  const warmBrowser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    for (const page of pages) {
      const tab = await warmBrowser.newPage();
      await tab.goto(store.baseUrl + page.path, { waitUntil: 'networkidle' });
      await tab.close();
    }
  } finally {
    await warmBrowser.close();
  }

  chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  if (outDir) mkdirSync(outDir, { recursive: true });
  console.log(`mobile, simulated throttling, ${runs} run(s) per page, ${store.baseUrl}`);
  for (const page of pages) {
    const url = store.baseUrl + page.path;
    const perRun = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'seo'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      version = lhr.lighthouseVersion;
      if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
      const f = { ...figures(lhr), load: load() };
      perRun.push(f);
      if (outDir) writeFileSync(join(outDir, `${page.name}-${i + 1}.json`), JSON.stringify(lhr));
      if (verbose) {
        console.log(
          `  ${page.name} run ${i + 1}: score ${f.score}, LCP ${Math.round(f.lcp)} ms, TBT ${Math.round(f.tbt)} ms, CLS ${f.cls.toFixed(3)}, FCP ${Math.round(f.fcp)} ms, load ${f.load}`,
        );
        if (f.lcpElement) console.log(`    LCP element: ${f.lcpElement}`);
        if (f.lcpPhases.length) console.log(`    LCP phases: ${f.lcpPhases.join(', ')}`);
        for (const w of f.warnings) console.log(`    warning: ${w}`);
      }
    }
    results.push({ page, perRun });
  }
} finally {
  await chrome?.kill();
  await store.stop();
}

const pad = (s, n) => String(s).padStart(n);
console.log(`Lighthouse ${version}, medians of ${runs}:`);
console.log(
  `${'page'.padEnd(9)} ${pad('score', 5)} ${pad('LCP ms', 7)} ${pad('TBT ms', 7)} ${pad('CLS', 6)} ${pad('FCP ms', 7)} ${pad('SI ms', 6)} ${pad('server', 6)} ${pad('SEO', 4)}  scores of the runs`,
);
let failed = false;
for (const { page, perRun } of results) {
  const m = (key) => median(perRun.map((r) => r[key]));
  const row = {
    score: m('score'),
    lcp: m('lcp'),
    tbt: m('tbt'),
    cls: m('cls'),
  };
  const misses = [
    row.score < BUDGET.score && `score ${row.score} < ${BUDGET.score}`,
    row.lcp > BUDGET.lcp && `LCP ${Math.round(row.lcp)} ms > ${BUDGET.lcp} ms`,
    row.tbt > BUDGET.tbt && `TBT ${Math.round(row.tbt)} ms > ${BUDGET.tbt} ms`,
    row.cls > BUDGET.cls && `CLS ${row.cls.toFixed(3)} > ${BUDGET.cls}`,
  ].filter(Boolean);
  if (misses.length) failed = true;
  const seo = perRun[0].seo === undefined ? '-' : m('seo');
  console.log(
    `${page.name.padEnd(9)} ${pad(row.score, 5)} ${pad(Math.round(row.lcp), 7)} ${pad(Math.round(row.tbt), 7)} ${pad(row.cls.toFixed(3), 6)} ${pad(Math.round(m('fcp')), 7)} ${pad(Math.round(m('si')), 6)} ${pad(Math.round(m('ttfb') ?? 0), 6)} ${pad(seo, 4)}  ${perRun.map((r) => r.score).join(', ')}${misses.length ? `  OVER: ${misses.join('; ')}` : ''}`,
  );
  if (row.tbt > TBT_STRETCH && row.tbt <= BUDGET.tbt)
    console.log(
      `          TBT ${Math.round(row.tbt)} ms: within budget, over the ${TBT_STRETCH} ms stretch goal`,
    );
  const seoFailures = [...new Set(perRun.flatMap((r) => r.seoFailures))];
  if (seoFailures.length) console.log(`          SEO audits failing: ${seoFailures.join('; ')}`);
}
console.log(
  `load average at the end: ${load()} (${results[0]?.perRun[0]?.load ?? '-'} at the first run)`,
);
console.log(
  failed
    ? `OVER budget (score ≥ ${BUDGET.score}, LCP ≤ ${BUDGET.lcp} ms, TBT ≤ ${BUDGET.tbt} ms, CLS ≤ ${BUDGET.cls})`
    : 'within budget on every page',
);
process.exitCode = failed ? 1 : 0;

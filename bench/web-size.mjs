#!/usr/bin/env node
// What a phone downloads (issue 14): home, the listing, search results and a product page, each
// loaded in the system Chromium as a 390×844 touch screen with an empty cache, until the page is
// idle (no request in flight and none started for 2 s; nothing is clicked or scrolled). Every
// response the browser received is counted, by kind. JavaScript is the budget: each script's body
// gzipped at level 9 here (so the figure does not depend on how the server compresses), summed;
// ≤ 115 KB per page, exit 1 otherwise (issue 25). Of that, the floor (React DOM with React and its
// scheduler, and React Router: the chunks apps/web/vite.config.ts groups as react-dom and
// react-router) and the store's own part (everything else, TanStack Query included) are printed. The bytes actually transferred (the encoded body, whatever
// Content-Encoding the server chose) are printed next to it, and CSS, fonts, images, the document
// and API answers for information.
//   npm run bench:web-size                                  (builds when stale, starts its own store)
//   npm run bench:web-size -- --url http://127.0.0.1:3000   (a store you started yourself)
//   options: --only home,product; --all (list every file, not only the scripts)
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import {
  argValue,
  chromiumArgs,
  chromiumPath,
  phoneContext,
  storeFromArgs,
  storefrontPages,
} from './lib/store-server.mjs';

const BUDGET_KB = 115;
/** The store's own code, goal (issue 25): what is not React DOM or the router. */
const OWN_GOAL_KB = 30;
/** The chunks that are React DOM (with React and the scheduler) and React Router. */
const isFloor = (url) =>
  /\/assets\/(react-dom|react-router)-[^/]*\.js$/.test(new URL(url).pathname);
const QUIET_MS = 2000;
const MAX_WAIT_MS = 30_000;
const only = argValue('--only')?.split(',');
const listAll = process.argv.includes('--all');

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** What a response is, for the totals: by the request's type, and by its content type or file
 * name for scripts fetched some other way (a prefetch is type "other"). */
function kindOf(request, contentType) {
  const type = request.resourceType();
  const path = new URL(request.url()).pathname;
  if (type === 'script' || /javascript/.test(contentType) || /\.m?js$/.test(path)) return 'js';
  if (type === 'stylesheet' || /text\/css/.test(contentType)) return 'css';
  if (type === 'font' || /^font\//.test(contentType)) return 'font';
  if (type === 'image' || /^image\//.test(contentType)) return 'image';
  if (type === 'document') return 'document';
  if (type === 'fetch' || type === 'xhr') return 'data';
  return 'other';
}

/** Loads `url` in a fresh phone context and returns every response received until it is idle. */
async function pageResponses(browser, url) {
  const context = await browser.newContext(phoneContext);
  const page = await context.newPage();
  let inFlight = 0;
  let lastActivity = Date.now();
  const pending = [];
  page.on('request', () => {
    inFlight++;
    lastActivity = Date.now();
  });
  page.on('requestfailed', () => {
    inFlight--;
    lastActivity = Date.now();
  });
  page.on('requestfinished', (request) => {
    inFlight--;
    lastActivity = Date.now();
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        const headers = await response.allHeaders();
        const contentType = headers['content-type'] ?? '';
        // a redirect has no body
        const body = await response.body().catch(() => Buffer.alloc(0));
        const sizes = await request.sizes();
        return {
          url: request.url(),
          status: response.status(),
          kind: kindOf(request, contentType),
          raw: body.length,
          gzip9: body.length ? gzipSync(body, { level: 9 }).length : 0,
          sent: sizes.responseBodySize,
          encoding: headers['content-encoding'] ?? 'none',
          // a page the server rendered carries its data block; without it the page was
          // client-rendered (a failed or shed render) and its figures are not the shipped ones
          serverRendered: body.includes('id="ssr-data"'),
        };
      })(),
    );
  });
  try {
    await page.goto(url, { waitUntil: 'load' });
    const deadline = Date.now() + MAX_WAIT_MS;
    while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) {
      if (Date.now() > deadline) throw new Error(`${url} was not idle after ${MAX_WAIT_MS} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return (await Promise.all(pending)).filter(Boolean);
  } finally {
    await context.close();
  }
}

function printPage(name, path, baseUrl, responses) {
  const byKind = new Map();
  for (const r of responses) byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), r]);
  const sum = (rows, key) => rows.reduce((total, r) => total + r[key], 0);
  const js = byKind.get('js') ?? [];
  const jsGzip = sum(js, 'gzip9');
  console.log(
    `\n${name} ${path}: JS ${kb(jsGzip)} KB gzip -9 (${kb(sum(js, 'sent'))} KB transferred), ${js.length} file(s)`,
  );
  const show = (rows) => {
    for (const r of [...rows].sort((a, b) => b.gzip9 - a.gzip9)) {
      const where = r.url.startsWith(baseUrl) ? r.url.slice(baseUrl.length) : r.url;
      console.log(
        `    ${r.kind.padEnd(8)} ${where.slice(0, 60).padEnd(60)} ${kb(r.gzip9).padStart(6)} KB gz9 ${kb(r.sent).padStart(6)} KB sent (${r.encoding})`,
      );
    }
  };
  show(js);
  for (const kind of ['css', 'font', 'image', 'document', 'data', 'other']) {
    const rows = byKind.get(kind);
    if (!rows) continue;
    console.log(
      `  ${kind.padEnd(8)} ${String(rows.length).padStart(3)} file(s) ${kb(sum(rows, 'gzip9')).padStart(7)} KB gz9 ${kb(sum(rows, 'sent')).padStart(7)} KB sent (${kb(sum(rows, 'raw'))} KB raw)`,
    );
    if (listAll) show(rows);
  }
  return {
    name,
    floorGzip: sum(
      js.filter((r) => isFloor(r.url)),
      'gzip9',
    ),
    serverRendered: responses.some((r) => r.kind === 'document' && r.serverRendered),
    jsGzip,
    jsSent: sum(js, 'sent'),
    files: js.length,
    allSent: sum(responses, 'sent'),
  };
}

const store = await storeFromArgs({ label: 'bench-web-size' });
const totals = [];
try {
  const pages = (await storefrontPages(store.baseUrl)).filter(
    (p) => !only || only.includes(p.name),
  );
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    for (const { name, path } of pages) {
      const responses = await pageResponses(browser, store.baseUrl + path);
      totals.push(printPage(name, path, store.baseUrl, responses));
    }
  } finally {
    await browser.close();
  }
} finally {
  await store.stop();
}

console.log(`\nJavaScript before idle, per page (budget ${BUDGET_KB} KB gzip -9):`);
let failed = false;
for (const t of totals) {
  const over = t.jsGzip / 1024 > BUDGET_KB;
  // no script at all is a broken build (index.html without its entry), not a light page
  const noScript = t.files === 0;
  if (over || noScript || !t.serverRendered) failed = true;
  console.log(
    `  ${t.name.padEnd(8)} ${kb(t.jsGzip).padStart(6)} KB gz9 ${kb(t.jsSent).padStart(6)} KB sent, ${String(t.files).padStart(2)} file(s); everything: ${kb(t.allSent)} KB sent${over ? '  OVER' : ''}${noScript ? '  NO SCRIPT LOADED' : ''}${t.serverRendered ? '' : '  NOT SERVER-RENDERED (see the store log)'}`,
  );
  console.log(
    `           floor (React DOM + React Router) ${kb(t.floorGzip)} KB, ours ${kb(t.jsGzip - t.floorGzip)} KB (goal ≤ ${OWN_GOAL_KB} KB)`,
  );
}
console.log(
  failed
    ? `FAILED: over ${BUDGET_KB} KB, no script loaded, or a page was not server-rendered`
    : `within budget: ${BUDGET_KB} KB`,
);
process.exitCode = failed ? 1 : 0;

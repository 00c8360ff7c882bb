#!/usr/bin/env node
// CPU per server render of the storefront's public pages (home, listing, search, product, a policy
// page): the built renderer (apps/web/dist-ssr/entry-server.js, or --ssr FILE) called in this
// process as the store server calls it, its API calls answered from answers recorded once from a
// running store, so the figure is the render alone (no network, no database). Prints the median
// and the 90th percentile of the process's CPU time per render, and the bytes of HTML.
//   node bench/web-render-cpu.mjs                    (builds when stale, starts its own store)
//   node bench/web-render-cpu.mjs --runs 60 --ssr /tmp/old/entry-server.js --url http://127.0.0.1:3000
import { join, resolve } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { argValue, storeFromArgs, storefrontPages } from './lib/store-server.mjs';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const runs = Number(argValue('--runs') ?? 40);
const warmup = 10;
const ssrFile = resolve(argValue('--ssr') ?? join(root, 'apps/web/dist-ssr/entry-server.js'));

const store = await storeFromArgs({ label: 'bench-web-render' });
const rows = [];
try {
  const { render } = await import(pathToFileURL(ssrFile).href);
  const pages = [...(await storefrontPages(store.baseUrl)), { name: 'policy', path: '/terms' }];
  for (const { name, path } of pages) {
    // the page's API answers, recorded from the store by a first render
    const answers = new Map();
    const record = async (url, init) => {
      const { pathname, search } = new URL(url);
      const key = `${init?.method ?? 'GET'} ${pathname}${search}`;
      if (!answers.has(key)) {
        const res = await fetch(store.baseUrl + pathname + search, init);
        answers.set(key, {
          status: res.status,
          body: await res.text(),
          type: res.headers.get('content-type'),
        });
      }
      const a = answers.get(key);
      return new Response(a.body, {
        status: a.status,
        headers: { 'content-type': a.type ?? 'application/json' },
      });
    };
    const input = { url: path, api: record, sanitizePolicyHtml: (html) => html };
    const first = await render(input);
    const times = [];
    for (let i = 0; i < warmup + runs; i++) {
      const before = process.cpuUsage();
      await render(input);
      const used = process.cpuUsage(before);
      if (i >= warmup) times.push((used.user + used.system) / 1000);
    }
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    rows.push({
      name,
      path,
      median: at(0.5),
      p90: at(0.9),
      html: first.html.length,
      calls: answers.size,
    });
  }
} finally {
  await store.stop();
}
console.log(`\nServer render CPU per page (${runs} renders after ${warmup} warm-up, ${ssrFile}):`);
for (const r of rows)
  console.log(
    `  ${r.name.padEnd(8)} median ${r.median.toFixed(1).padStart(5)} ms  p90 ${r.p90.toFixed(1).padStart(5)} ms  HTML ${(r.html / 1024).toFixed(1)} KB, ${r.calls} API call(s)`,
  );

#!/usr/bin/env node
// Prints the gzip size of the JavaScript the home page loads before it can render: the entry chunk
// and its static imports (Vite manifest), and, for information, the home route chunk with its own
// static imports (and the query-client module loaded with every route) that the router requests
// right after; then the font files the build ships and which one index.html preloads. Builds
// apps/web first when it is stale.
// Budget: 95 KB gzip for the entry and its static imports.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 95;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');

execFileSync(process.execPath, [join(root, 'scripts/ensure-web-build.mjs')], { stdio: 'inherit' });

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

/** A chunk's file plus every chunk it imports statically, each once. */
function staticClosure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of chunk.imports ?? []) staticClosure(dep, seen);
  return seen;
}

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

function report(label, keys, exclude = new Set()) {
  let total = 0;
  const rows = [];
  for (const key of keys) {
    if (exclude.has(key)) continue;
    const file = manifest[key].file;
    const size = gz(file);
    total += size;
    rows.push(`    ${file.padEnd(44)} ${kb(size).padStart(6)} KB`);
  }
  console.log(`${label}: ${kb(total)} KB gzip`);
  console.log(rows.join('\n'));
  return total;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
const entryKeys = staticClosure(entryKey);
const entryTotal = report('home page entry JS (entry + static imports)', entryKeys);

const homeKey = Object.keys(manifest).find((k) => k.endsWith('app/routes/home-route.tsx'));
// lazyRoute() in app/router.tsx loads every route module together with the query-client module.
const routeQueryKey = Object.keys(manifest).find((k) => k.endsWith('app/route-query-provider.tsx'));
if (homeKey) {
  const homeKeys = staticClosure(homeKey);
  if (routeQueryKey) staticClosure(routeQueryKey, homeKeys);
  const homeTotal = report(
    'home route chunk + query-client module (+ their static imports not in the entry)',
    homeKeys,
    entryKeys,
  );
  console.log(`home page JS in all: ${kb(entryTotal + homeTotal)} KB gzip`);
}

// Fonts: what index.html preloads (the first view's), and every font file the build ships. A woff2
// is compressed already, so its bytes on disk are its bytes on the wire.
const indexHtml = readFileSync(join(dist, 'index.html'), 'utf8');
const preloaded = [...indexHtml.matchAll(/<link[^>]*rel="preload"[^>]*as="font"[^>]*>/g)].map(
  ([tag]) => tag.match(/href="\/([^"]+)"/)?.[1],
);
const fontFiles = readdirSync(join(dist, 'assets')).filter((f) => /\.(woff2?|ttf|otf)$/.test(f));
const fontBytes = (file) => statSync(join(dist, 'assets', file)).size;
console.log(
  `fonts: ${fontFiles.length} file(s), ${kb(fontFiles.reduce((sum, f) => sum + fontBytes(f), 0))} KB`,
);
for (const file of fontFiles) {
  const mark = preloaded.includes(`assets/${file}`) ? ' (preloaded)' : '';
  console.log(`    ${file.padEnd(44)} ${kb(fontBytes(file)).padStart(6)} KB${mark}`);
}

const ok = entryTotal / 1024 <= BUDGET_KB;
console.log(`${ok ? 'within' : 'OVER'} budget: ${kb(entryTotal)} KB of ${BUDGET_KB} KB`);
process.exitCode = ok ? 0 : 1;

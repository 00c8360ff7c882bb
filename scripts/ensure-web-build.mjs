#!/usr/bin/env node
// Builds apps/web when apps/web/dist/index.html is missing or older than any web source
// (apps/web/src, index.html, vite config, packages/contracts/src, packages/ui/src); otherwise exits
// at once.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const builtHtml = join(web, 'dist/index.html');

const sources = [
  join(web, 'src'),
  join(web, 'index.html'),
  join(web, 'vite.config.ts'),
  join(web, 'package.json'),
  join(root, 'packages/contracts/src'),
  join(root, 'packages/ui/src'),
];

/** Newest modification time below a file or folder (0 when it does not exist). */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

export function webBuildIsStale() {
  if (!existsSync(builtHtml)) return true;
  const builtAt = statSync(builtHtml).mtimeMs;
  return sources.some((source) => newestMtime(source) > builtAt);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (webBuildIsStale() || process.argv.includes('--force')) {
    console.log('[ensure-web-build] building apps/web …');
    execFileSync('npx', ['vite', 'build'], { cwd: web, stdio: 'inherit' });
  } else {
    console.log('[ensure-web-build] apps/web/dist is up to date');
  }
}

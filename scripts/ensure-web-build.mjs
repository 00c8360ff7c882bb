#!/usr/bin/env node
// Builds each browser app (the storefront apps/web, the back office apps/admin) whose
// dist/index.html is missing or older than any of its sources (its src, index.html, vite config,
// package.json, the shared packages/contracts/src and packages/ui/src, and the build's own plugin
// scripts/vite-precompress.ts); otherwise exits at once.
// `--force` builds both.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The apps `npm start` serves: the storefront at /, the back office at /admin. */
export const browserApps = ['apps/web', 'apps/admin'];

function sourcesOf(app) {
  const dir = join(root, app);
  return [
    join(dir, 'src'),
    join(dir, 'index.html'),
    join(dir, 'vite.config.ts'),
    join(dir, 'package.json'),
    join(root, 'packages/contracts/src'),
    join(root, 'packages/ui/src'),
    // writes the .br/.gz copies the server sends: a build from before it has none
    join(root, 'scripts/vite-precompress.ts'),
  ];
}

/** Newest modification time below a file or folder (0 when it does not exist). */
export function newestMtime(path) {
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

/** true when `app`'s dist/index.html is missing or older than one of its sources */
export function buildIsStale(app) {
  const builtHtml = join(root, app, 'dist/index.html');
  if (!existsSync(builtHtml)) return true;
  // the storefront's build includes its server renderer (a build from before it has none)
  if (app === 'apps/web' && !existsSync(join(root, app, 'dist-ssr/entry-server.js'))) return true;
  const builtAt = statSync(builtHtml).mtimeMs;
  return sourcesOf(app).some((source) => newestMtime(source) > builtAt);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const app of browserApps) {
    if (buildIsStale(app) || process.argv.includes('--force')) {
      console.log(`[ensure-web-build] building ${app} …`);
      // the app's own build: the storefront's also builds its server renderer (dist-ssr)
      execFileSync('npm', ['run', 'build'], { cwd: join(root, app), stdio: 'inherit' });
    } else {
      console.log(`[ensure-web-build] ${app}/dist is up to date`);
    }
  }
}

#!/usr/bin/env node
// Compiles the server (apps/server/scripts/build.mjs) when apps/server/dist/server.js is missing or
// older than any of its sources (apps/server/src, its package.json and tsconfig, the shared
// packages/contracts/src, the build script itself); otherwise exits at once, silently, so
// `npm run store -- …` prints only the command's own output. `--force` builds anyway.
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from './ensure-web-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = join(root, 'apps/server');

const sources = [
  join(serverDir, 'src'),
  join(serverDir, 'package.json'),
  join(serverDir, 'tsconfig.json'),
  join(serverDir, 'scripts/build.mjs'),
  join(root, 'packages/contracts/src'),
];

/** true when the compiled server is missing or older than one of its sources */
export function serverBuildIsStale() {
  const built = join(serverDir, 'dist/server.js');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((source) => newestMtime(source) > builtAt);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (serverBuildIsStale() || process.argv.includes('--force')) {
    // stderr: stdout is the operator command's, which scripts may read
    console.error('[ensure-server-build] compiling apps/server …');
    const { buildServer } = await import('../apps/server/scripts/build.mjs');
    await buildServer();
  }
}

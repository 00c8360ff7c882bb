#!/usr/bin/env node
// Compiles the server for production (docs/decisions/compiled-server.md): one ES module per entry
// in apps/server/dist, with every npm package left to node_modules but the workspace's own
// @store/* packages (TypeScript source, which Node cannot run) bundled in.
// dist/ sits at the same depth as src/, so env.ts's paths (repoRoot, serverRoot) resolve alike.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The stable entry points others run: `node apps/server/dist/server.js` and the operator commands. */
export const serverEntries = {
  server: 'src/server.ts',
  store: 'src/cli/store.ts',
  seed: 'src/db/seed-cli.ts',
  migrate: 'src/db/migrate-cli.ts',
  // its own file, imported by server.js as its first import (below)
  otel: 'src/otel.ts',
};

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    // a bare import (not ./ or /) is a package: Node loads it from node_modules at run time,
    // except our workspace packages, which ship TypeScript source
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@store/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Tracing must start before Fastify, pg and undici load. In one bundle every npm import is hoisted
 * above the bundled code, so otel.ts's body would run after them and patch nothing: server.ts's
 * `import './otel'` stays an import of dist/otel.js, which ES modules evaluate first, in order.
 */
const otelFirst = {
  name: 'otel-first',
  setup(b) {
    b.onResolve({ filter: /^\.\/otel$/ }, (args) =>
      args.importer.endsWith(join('src', 'server.ts'))
        ? { path: './otel.js', external: true }
        : undefined,
    );
  },
};

export async function buildServer() {
  const outdir = join(serverDir, 'dist');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: serverDir,
    entryPoints: serverEntries,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: join(serverDir, 'tsconfig.json'),
    sourcemap: true,
    // stack traces name the source files; the maps are read with --enable-source-maps
    sourcesContent: false,
    plugins: [otelFirst, externalPackages],
    logLevel: 'warning',
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = Date.now();
  await buildServer();
  console.log(`[server build] apps/server/dist in ${Date.now() - started} ms`);
}

// A Vite plugin both browser apps use (apps/web, apps/admin vite.config.ts): after the client build
// writes its files, each text file (script, stylesheet, SVG) gets a brotli (.br) and a gzip (.gz)
// copy beside it, made once at the best levels. The store server sends those copies as they are (@fastify/static's
// preCompressed, apps/server/src/plugins/web.ts): brotli on every request of the storefront's
// 288 KB entry cost 8.5 ms of server CPU (111-118 req/s); sending its .br, 0.27 ms (~1,000 req/s),
// and 80 KB instead of 93 KB (bench/static-assets.mjs).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** Text the browser loads; fonts (woff2) and images other than SVG are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml']);

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Brotli 11 and gzip 9: slow (~1 s for the 290 KB entry) but paid once per build, never per request. */
export async function precompressFile(file: string): Promise<void> {
  const body = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

/**
 * Writes `.br` and `.gz` beside every compressible file of `dir` (and below); Vite's own `.vite`
 * folder (the manifest, read by benches only) is left out. Small files too: @fastify/compress
 * applies its 1 KB threshold to bodies, not to the file streams @fastify/static sends, so a tiny
 * icon chunk without copies would be brotli-compressed on every request. Returns the files done.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const done: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.')) await walk(path);
      } else if (COMPRESSIBLE.has(extname(entry.name))) {
        await precompressFile(path);
        done.push(path);
      }
    }
  };
  await walk(dir);
  return done;
}

/** The plugin: client builds only (the server renderer's dist-ssr is read from disk, not sent). */
export function precompress(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(options) {
      if (!config || config.build.ssr) return;
      const started = Date.now();
      const files = await precompressDir(options.dir ?? config.build.outDir);
      config.logger.info(
        `precompressed ${files.length} files (.br, .gz) in ${Date.now() - started} ms`,
      );
    },
  };
}

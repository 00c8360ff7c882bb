import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { precompress } from '../../scripts/vite-precompress.ts';

// The API's port in development: scripts/dev.mjs gives the server and Vite the same PORT. (Build
// config, not app code, so it may read the environment.)
const apiTarget = `http://localhost:${process.env.PORT?.trim() || 3000}`;

/** The one font file the first view needs: headings' Lora 600, latin (src/index.css). */
const FIRST_VIEW_FONT = '@fontsource/lora/files/lora-latin-600-normal.woff2';

/**
 * Adds `<link rel="preload" as="font">` for a font file under its hashed build name, so the browser
 * fetches it with the CSS instead of after the first layout finds a heading. Build only: the dev
 * server serves the file under another path, and a missing file fails the build rather than
 * preloading nothing.
 */
function preloadFont(file: string): Plugin {
  let base = '/';
  return {
    name: 'preload-first-view-font',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const asset = Object.values(ctx.bundle ?? {}).find(
          (output) =>
            output.type === 'asset' &&
            output.originalFileNames.some((name) => name.endsWith(file.split('/').pop()!)),
        );
        if (!asset) throw new Error(`preload-first-view-font: ${file} is not in the build`);
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `${base}${asset.fileName}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * The entry's `<script type="module">` and `<link rel="modulepreload">` tags at low fetch priority.
 * The server sends the public pages rendered, so the stylesheet, the heading font and the product
 * images paint the page; scripts only make it interactive and must not take a slow phone's
 * bandwidth from them (server-rendering.md). The server's own preloads for a page's route
 * (plugins/web-render.ts) say the same.
 */
function lowPriorityScripts(): Plugin {
  return {
    name: 'low-priority-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
          '<$1 fetchpriority="low"',
        ),
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    preloadFont(FIRST_VIEW_FONT),
    lowPriorityScripts(),
    precompress(),
  ],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  server: {
    port: 5173,
    // In development the store server (apps/server) answers the API, images and the payment sandbox.
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/images': { target: apiTarget, changeOrigin: false },
      '/sandbox-gateway': { target: apiTarget, changeOrigin: false },
    },
  },
  // The server renderer (`vite build --ssr src/entry-server.tsx`, into dist-ssr) carries its
  // dependencies, so it runs from wherever the build is copied to (a deploy, the journeys' snapshot)
  // without a node_modules beside it.
  ssr: { noExternal: true },
  // Production code of every dependency in the server bundle, whatever NODE_ENV the store server
  // runs with (the demo runs without one); the client build already gets this from Vite.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    // The manifest lets bench/web-size.mjs measure what the home page loads.
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // The server renderer is one module: the store server imports it again after a rebuild
        // (plugins/web-render.ts), which gives a consistent new copy only if no chunk of the old
        // one is shared through the module cache.
        codeSplitting: isSsrBuild
          ? false
          : {
              // TanStack Query is off the entry (it comes with every route, see app/router.tsx). Left to
              // automatic splitting it lands in 4 small chunks, each route taking a different subset; one
              // chunk is fewer requests and compresses better.
              // React (with React DOM) and React Router get groups of their own first, or the query
              // group would pull them in (dependencies are captured with a group) and so land on the
              // entry; apart, bench/web-size.mjs can tell the floor (them) from the store's own code.
              groups: [
                {
                  name: 'react-dom',
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                  priority: 3,
                },
                {
                  name: 'react-router',
                  test: /[\\/]node_modules[\\/]react-router[\\/]/,
                  priority: 2,
                },
                {
                  name: 'tanstack-query',
                  test: /[\\/]node_modules[\\/]@tanstack[\\/]/,
                  priority: 1,
                },
              ],
            },
      },
    },
  },
}));

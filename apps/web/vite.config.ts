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

/** The app (start.tsx) and the main layout's lazily loaded parts every storefront page loads with it. */
const APP_ROOTS = [
  'src/app/start.tsx',
  'src/app/route-query-provider.tsx',
  'src/app/components/footer.tsx',
  'src/app/components/mobile-tab-bar.tsx',
];
/** Shared by home, the listing, search results and the product page ("You may also like"). */
const CATALOGUE_ROOTS = [
  'src/features/products/components/product-grid.tsx',
  'src/features/products/components/product-picture.tsx',
  'src/features/products/api/get-products.ts',
];
/** Small packages the app's own modules use everywhere (lucide's icons: see `lucideIconsOf`). */
const APP_PACKAGES =
  /[\\/]node_modules[\\/](zustand|class-variance-authority|clsx|lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/]))/;

type ModuleGraph = {
  getModuleInfo(id: string): { importedIds: readonly string[]; code: string | null } | null;
};

/**
 * The icon files (…/lucide-react/dist/esm/icons/<file>.mjs, as "icons/<file>.mjs") that `modules`
 * import by name from lucide-react's index, which re-exports every icon (`default as Heart` from
 * './icons/heart.mjs'): an icon the app's chunk uses must be in it, or that chunk and the one
 * holding the icon would import each other.
 */
function lucideIconsOf(modules: Iterable<string>, graph: ModuleGraph): Set<string> {
  const fileOf = new Map<string, string>();
  const icons = new Set<string>();
  for (const id of modules) {
    const info = graph.getModuleInfo(id);
    for (const [, names] of info?.code?.matchAll(
      /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g,
    ) ?? []) {
      if (!fileOf.size) {
        const index = info!.importedIds.find((dep) =>
          /lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/.test(dep),
        );
        const code = (index && graph.getModuleInfo(index)?.code) ?? '';
        for (const [, list, file] of code.matchAll(
          /export\s*\{([^}]*)\}\s*from\s*["']\.\/(icons\/[^"']+)["']/g,
        ))
          for (const [, name] of list.matchAll(/default as (\w+)/g)) fileOf.set(name, file);
      }
      for (const name of names.split(',')) {
        const file = fileOf.get(name.trim().split(/\s+as\s+/)[0]);
        if (file) icons.add(file);
      }
    }
  }
  return icons;
}

/** `roots` and the store's own modules they import statically (not through `import()`). */
function staticClosure(roots: readonly string[], graph: ModuleGraph): Set<string> {
  const srcDir = fileURLToPath(new URL('./', import.meta.url));
  const members = new Set<string>();
  const queue = roots.map((root) => srcDir + root);
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    // packages are left to their groups; a barrel file (lucide-react) imports every icon
    if (members.has(next) || next.includes('/node_modules/')) continue;
    const info = graph.getModuleInfo(next);
    if (!info) continue;
    members.add(next);
    queue.push(...info.importedIds);
  }
  return members;
}

/**
 * The code-splitting groups' `name` function for the store's own code of a public page's first
 * view: "app" (what start.tsx imports, the layout's parts, the small packages they use) and
 * "catalogue" (the product card, picture and listing code that home, the listing, search and the
 * product page share, less what is in "app"). Any other module is left to automatic splitting.
 */
function firstViewChunks() {
  let app: Set<string> | undefined;
  let appIcons: Set<string> | undefined;
  let catalogue: Set<string> | undefined;
  let catalogueIcons: Set<string> | undefined;
  const icon = (id: string) =>
    /lucide-react[\\/]dist[\\/]esm[\\/](icons[\\/].+)$/.exec(id)?.[1].replaceAll('\\', '/');
  return (id: string, graph: ModuleGraph) => {
    app ??= staticClosure(APP_ROOTS, graph);
    appIcons ??= lucideIconsOf(app, graph);
    catalogue ??= staticClosure(CATALOGUE_ROOTS, graph);
    catalogueIcons ??= lucideIconsOf(catalogue, graph);
    const iconFile = icon(id);
    if (app.has(id) || APP_PACKAGES.test(id) || (iconFile && appIcons.has(iconFile))) return 'app';
    if (catalogue.has(id) || (iconFile && catalogueIcons.has(iconFile))) return 'catalogue';
    return null;
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
                // The store's own code of a public page's first view in two chunks, not some 30: each
                // file costs a phone its own gzip stream and import/export statements (together some
                // 10 KB per page measured, docs/decisions/web-react-19.md).
                {
                  name: firstViewChunks(),
                  // their packages stay in the groups above (with their dependencies captured,
                  // React and the router would land here)
                  includeDependenciesRecursively: false,
                },
              ],
            },
      },
    },
  },
}));

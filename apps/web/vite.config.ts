import { defineConfig, type Plugin } from 'vite';
import type { ChunkingContext } from 'rolldown';
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

/** Small packages the app's own modules use everywhere (lucide's icons: see `lucideIconsOf`). */
const APP_PACKAGES =
  /[\\/]node_modules[\\/](zustand|class-variance-authority|clsx|lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/]))/;

/**
 * The icon files (…/lucide-react/dist/esm/icons/<file>.mjs, as "icons/<file>.mjs") that `modules`
 * import by name from lucide-react's index, which re-exports every icon (`default as Heart` from
 * './icons/heart.mjs'): the index makes the module graph useless for icons (every icon is "imported").
 */
function lucideIconsOf(modules: Iterable<string>, ctx: ChunkingContext): Set<string> {
  const fileOf = new Map<string, string>();
  const icons = new Set<string>();
  for (const id of modules) {
    const info = ctx.getModuleInfo(id);
    for (const [, names = ''] of info?.code?.matchAll(
      /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g,
    ) ?? []) {
      if (!fileOf.size) {
        const index = info!.importedIds.find((dep) =>
          /lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/.test(dep),
        );
        const code = (index && ctx.getModuleInfo(index)?.code) ?? '';
        for (const [, list = '', file = ''] of code.matchAll(
          /export\s*\{([^}]*)\}\s*from\s*["']\.\/(icons\/[^"']+)["']/g,
        ))
          for (const [, name = ''] of list.matchAll(/default as (\w+)/g)) fileOf.set(name, file);
      }
      for (const name of names.split(',')) {
        const file = fileOf.get(name.trim().split(/\s+as\s+/)[0] ?? '');
        if (file) icons.add(file);
      }
    }
  }
  return icons;
}

/**
 * `root` and the store's own modules it imports statically (not through `import()`), or with
 * `lazily` also those it imports through `import()`, and theirs.
 */
function staticClosure(
  root: string,
  ctx: ChunkingContext,
  lazily = false,
  loaded: ReadonlySet<string> = new Set(),
): Set<string> {
  const members = new Set<string>();
  const queue = [fileURLToPath(new URL(`./src/${root}`, import.meta.url))];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    // packages are left to their groups (and APP_PACKAGES); lucide's index imports every icon
    if (members.has(next) || next.includes('/node_modules/') || next.startsWith('\0')) continue;
    if (loaded.has(next)) continue;
    const info = ctx.getModuleInfo(next);
    if (!info) continue;
    members.add(next);
    queue.push(...info.importedIds, ...(lazily ? info.dynamicallyImportedIds : []));
  }
  return members;
}

/**
 * Which shared chunk a module of the browser build goes to (`codeSplitting.groups` below), from the
 * module graph, so no file list has to be kept in step:
 * - `app`: what the app (app/start.tsx) imports statically, with the small packages above;
 * - `shared`: what the first views (home, the listing and search, a product) all import statically
 *   beyond that, with the two parts the main layout loads on every page (the tab bar, the query
 *   provider);
 * - `catalogue`: what home and the listing (product cards, the grid) share beyond those;
 * - `home-parts`, `listing-parts`, `product-parts`: what one of those pages imports statically that
 *   screens other than its own lazily loaded parts import too (the product page's option picker and
 *   quantity stepper, which the cart and the quick view use; the listing's select), with the icons
 *   only that page uses: one file for the page instead of one per module.
 * Left to itself rolldown puts each module that more than one chunk imports into a chunk of its own
 * (some 25 files of 0.1-1.9 KB per page), and each file is its own gzip stream with its own import
 * and export lists. What the entry (main.tsx) imports stays in it; the vendor groups keep theirs;
 * every other module is left to automatic splitting.
 */
function sharedChunkOf(): (id: string, ctx: ChunkingContext) => string | null {
  let groups: Map<string, string> | undefined;
  const icon = (id: string) =>
    /lucide-react[\\/]dist[\\/]esm[\\/](icons[\\/].+)$/.exec(id)?.[1]?.replaceAll('\\', '/');
  return (id, ctx) => {
    groups ??= (() => {
      const entry = staticClosure('main.tsx', ctx);
      const app = staticClosure('app/start.tsx', ctx);
      const everyPage = new Set([
        ...staticClosure('app/route-query-provider.tsx', ctx),
        ...staticClosure('app/components/mobile-tab-bar.tsx', ctx),
      ]);
      const routes = {
        home: 'app/routes/home-route.tsx',
        listing: 'app/routes/products-route.tsx',
        product: 'app/routes/product-route.tsx',
      };
      const home = staticClosure(routes.home, ctx);
      const listing = staticClosure(routes.listing, ctx);
      const product = staticClosure(routes.product, ctx);
      const found = new Map<string, string>();
      const add = (modules: Iterable<string>, name: string) => {
        for (const moduleId of modules) if (!found.has(moduleId)) found.set(moduleId, name);
      };
      add(app, 'app');
      add(everyPage, 'shared');
      add(
        [...home].filter((m) => listing.has(m) && product.has(m)),
        'shared',
      );
      add(
        [...home].filter((m) => listing.has(m)),
        'catalogue',
      );
      const pages = [
        ['home', home, routes.home],
        ['listing', listing, routes.listing],
        ['product', product, routes.product],
      ] as const;
      // each page with what it loads lazily (past the app, loaded already)
      const lazyClosures = pages.map(([, , route]) => staticClosure(route, ctx, true, app));
      pages.forEach(([name, page], i) => {
        // a module only this page's own lazy parts import too stays in the page's chunk (the
        // listing's URL rules, which its filters use): rolldown has them import it from there
        const ownLazily = (by: string) =>
          lazyClosures[i]!.has(by) && !lazyClosures.some((other, j) => j !== i && other.has(by));
        add(
          [...page].filter((m) =>
            ctx.getModuleInfo(m)?.importers.some((by) => !page.has(by) && !ownLazily(by)),
          ),
          `${name}-parts`,
        );
      });
      for (const moduleId of entry) found.delete(moduleId);
      // an icon goes where the modules that use it go: with the app if it uses it, else to the
      // chunk every page that uses it loads
      const appIcons = lucideIconsOf(app, ctx);
      const everyPageIcons = lucideIconsOf(everyPage, ctx);
      const homeIcons = lucideIconsOf(home, ctx);
      const listingIcons = lucideIconsOf(listing, ctx);
      const productIcons = lucideIconsOf(product, ctx);
      const iconGroup = new Map<string, string>();
      for (const file of new Set([...homeIcons, ...listingIcons, ...productIcons])) {
        const usedBy = [homeIcons, listingIcons, productIcons].filter((icons) => icons.has(file));
        if (usedBy.length > 1) iconGroup.set(file, productIcons.has(file) ? 'shared' : 'catalogue');
        else
          iconGroup.set(
            file,
            productIcons.has(file)
              ? 'product-parts'
              : listingIcons.has(file)
                ? 'listing-parts'
                : 'home-parts',
          );
      }
      for (const file of everyPageIcons) iconGroup.set(file, 'shared');
      for (const file of appIcons) iconGroup.set(file, 'app');
      return new Map([
        ...found,
        ...[...iconGroup].map(([file, name]) => [`icon:${file}`, name] as const),
      ]);
    })();
    if (APP_PACKAGES.test(id)) return 'app';
    const file = icon(id);
    return groups.get(file ? `icon:${file}` : id) ?? null;
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
    modulePreload: {
      // Each `import()` in a chunk carries the list of files to preload with it (Vite's
      // __vite__mapDeps, in the chunk's first line). Past the entry, the runtime, React, the router
      // and the app chunk are always in memory already: any other chunk is loaded through the app
      // (its routes, the layout's lazy parts). Naming them again cost the app chunk about 0.3 KB
      // gzip; what a navigation needs is still all listed, so it still loads in one round trip.
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'js' && !/(^|\/)index-[^/]+\.js$/.test(hostId)
          ? deps.filter(
              (dep) => !/(^|\/)(rolldown-runtime|react-dom|react-router|app)-[^/]+\.js$/.test(dep),
            )
          : deps,
    },
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
                  // less mutations and infinite queries: only the forms and the order list use them
                  // (login, checkout, payment, orders), so they load with those screens, not with
                  // every page (1.4 KB gzip)
                  test: (id) =>
                    /[\\/]node_modules[\\/]@tanstack[\\/]/.test(id) &&
                    !/[\\/](mutationObserver|useMutation|infiniteQueryObserver|useInfiniteQuery|infiniteQueryOptions)\.js$/.test(
                      id,
                    ),
                  priority: 1,
                },
                { name: sharedChunkOf(), includeDependenciesRecursively: false },
              ],
            },
      },
    },
  },
}));

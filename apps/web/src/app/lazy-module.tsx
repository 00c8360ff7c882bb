import { createContext, lazy, useContext, useState, type ComponentType } from 'react';

/**
 * On the server, the lazily loaded modules a page rendered, by their source path (the Vite
 * manifest's key). entry-server.tsx hands them to the store server, which adds
 * `<link rel="modulepreload">` for their client chunks: the browser fetches a route's code with the
 * entry instead of after it, so the page is interactive sooner. In the browser there is no set.
 */
export const RenderedModulesContext = createContext<Set<string> | null>(null);

/** How to load each lazily loaded screen's code ahead of rendering it (`preloadScreen`). */
const preloaders = new WeakMap<ComponentType, () => Promise<void> | null>();

/**
 * Loads the code of a component made by `lazyModule`: a promise, or null when there is nothing to
 * wait for (loaded already, or not such a component). Once it has loaded, a newly mounted copy
 * renders without suspending: the browser loads the first page's before hydrating (app/start.tsx),
 * so hydration finds the screen the server drew. (A later navigation suspends on a screen not
 * loaded yet inside React Router's transition, which keeps the current page meanwhile.)
 */
export function preloadScreen(component: unknown): Promise<void> | null {
  return typeof component === 'function'
    ? (preloaders.get(component as ComponentType)?.() ?? null)
    : null;
}

/**
 * React.lazy that also reports `modules` (e.g. 'src/app/routes/home-route.tsx': the files `load`
 * imports) when it renders on the server, and can be loaded ahead (`preloadScreen`).
 */
export function lazyModule(
  modules: readonly string[],
  load: () => Promise<{ default: ComponentType }>,
): ComponentType {
  let loading: Promise<{ default: ComponentType }> | undefined;
  let Loaded: ComponentType | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (module) => {
        Loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // a failed fetch (a phone going offline) may be tried again by the next render
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(loadOnce);
  function LazyModule() {
    const rendered = useContext(RenderedModulesContext);
    for (const module of modules) rendered?.add(module);
    // Chosen once per mount: switching from <Lazy> to the loaded component in a mounted copy
    // would mount the screen again and lose its state.
    const [Screen] = useState(() => Loaded ?? Lazy);
    return <Screen />;
  }
  preloaders.set(LazyModule, () => (Loaded ? null : loadOnce().then(() => undefined)));
  return LazyModule;
}

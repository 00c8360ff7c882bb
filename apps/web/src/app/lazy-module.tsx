import {
  createContext,
  lazy,
  memo,
  Suspense,
  useContext,
  useState,
  type ComponentType,
} from 'react';

/**
 * On the server, the lazily loaded modules a page rendered, by their source path (the Vite
 * manifest's key). entry-server.tsx hands them to the store server, which adds
 * `<link rel="modulepreload">` for their client chunks: the browser fetches a route's code with the
 * entry instead of after it, so the page is interactive sooner. In the browser there is no set.
 */
export const RenderedModulesContext = createContext<Set<string> | null>(null);

/** How to load each lazily loaded screen's code ahead of rendering it (`preloadScreen`). */
const preloaders = new WeakMap<object, () => Promise<void> | null>();

/**
 * Loads the code of a component made by `lazyModule`: a promise, or null when there is nothing to
 * wait for (loaded already, or not such a component). Once it has loaded, a newly mounted copy
 * renders without suspending: the browser loads the first page's before hydrating (app/start.tsx),
 * so hydration finds the screen the server drew. (A later navigation suspends on a screen not
 * loaded yet inside React Router's transition, which keeps the current page meanwhile.)
 */
export function preloadScreen(component: unknown): Promise<void> | null {
  return typeof component === 'function' ? (preloaders.get(component)?.() ?? null) : null;
}

/**
 * React.lazy of the component `load` resolves to, which also reports `modules` (e.g.
 * 'src/app/routes/home-route.tsx': the files `load` imports) when it renders on the server, and
 * can be loaded ahead (`preloadScreen`).
 */
export function lazyModule<P extends object>(
  modules: readonly string[],
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let Loaded: ComponentType<P> | undefined;
  const loadOnce = () =>
    (loading ??= load().then(
      (component) => {
        Loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        // a failed fetch (a phone going offline) may be tried again by the next render
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(loadOnce);
  function LazyModule(props: P) {
    const rendered = useContext(RenderedModulesContext);
    for (const module of modules) rendered?.add(module);
    // Chosen once per mount: switching from <Lazy> to the loaded component in a mounted copy
    // would mount the screen again and lose its state.
    const [Screen] = useState<ComponentType<P>>(() => Loaded ?? Lazy);
    return <Screen {...props} />;
  }
  preloaders.set(LazyModule, () => (Loaded ? null : loadOnce().then(() => undefined)));
  return LazyModule;
}

/**
 * A part of a screen drawn only in some states (a listing with no results, a missing product),
 * with its code in `modules`: the pages that do not draw it never load it, and a page the server
 * drew with it has its code preloaded (`lazyModule`). In a Suspense boundary of its own, which
 * keeps the server's markup while the code arrives. Memoised like `lazyNearViewport`: an update
 * that reaches a boundary still waiting for its code makes React drop the server's markup (a
 * recoverable error), so a parent drawing again must pass the same props (primitives, stable
 * callbacks).
 */
export function lazyPart<P extends object>(
  modules: readonly string[],
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Lazy = lazyModule(modules, load);
  return memo(function LazyPart(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  });
}

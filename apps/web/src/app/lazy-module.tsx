import { createContext, lazy, useContext, type ComponentType } from 'react';

/**
 * On the server, the lazily loaded modules a page rendered, by their source path (the Vite
 * manifest's key). entry-server.tsx hands them to the store server, which adds
 * `<link rel="modulepreload">` for their client chunks: the browser fetches a route's code with the
 * entry instead of after it, so the page is interactive sooner. In the browser there is no set.
 */
export const RenderedModulesContext = createContext<Set<string> | null>(null);

/**
 * React.lazy that also reports `modules` (e.g. 'src/app/routes/home-route.tsx': the files `load`
 * imports) when it renders on the server.
 */
export function lazyModule(
  modules: readonly string[],
  load: () => Promise<{ default: ComponentType }>,
): ComponentType {
  const Lazy = lazy(load);
  return function LazyModule() {
    const rendered = useContext(RenderedModulesContext);
    for (const module of modules) rendered?.add(module);
    return <Lazy />;
  };
}

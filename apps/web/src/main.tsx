import { INTERACTIVE_EVENT, SSR_PRELOAD_ELEMENT_ID, type SsrPreloads } from '@/lib/ssr-data';
import './index.css';

/**
 * The entry: a few hundred bytes, so that nothing the page needs to paint waits for JavaScript.
 * A public page arrives rendered by the server (apps/server plugins/web-render.ts) and is the page
 * already: the app's code (React, the router, the route's chunks the server names in
 * #ssr-preload) is fetched once it has painted, then hydrates it. On a slow phone the stylesheet,
 * the heading font and the product images get the bandwidth first (docs/decisions/server-rendering.md).
 * A private page arrives with an empty root and starts at once.
 */
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

let started = false;
function boot() {
  if (started) return;
  started = true;
  // The server names the app's chunks and the page's: the app is imported once its own are
  // linked, and imports the page's screen once they all are (see preloadInBatches).
  const text = document.getElementById(SSR_PRELOAD_ELEMENT_ID)?.textContent;
  const { app = [], page = [] }: Partial<SsrPreloads> = text ? JSON.parse(text) : {};
  const appLinked = preloadInBatches(app);
  const pageLinked = appLinked.then(() => preloadInBatches(page));
  void appLinked.then(() => import('./app/start')).then(({ start }) => start(root!, pageLinked));
}

const PRELOADS_PER_TASK = 4;

/**
 * A `<link rel="modulepreload">` for each chunk, a few per task; settles once all are in. Starting
 * a fetch costs the main thread about a millisecond on a laptop, and a listing names some 40
 * chunks, which in one go held a phone's main thread for 50–100 ms (Lighthouse's blocking time).
 * Vite's import helper links, all in one task, every chunk of an import that has no link yet: so
 * the app is imported only once its chunks are linked, and the page's screen once its are.
 */
function preloadInBatches(hrefs: string[]): Promise<void> {
  return new Promise((done) => {
    const batch = (from: number) => {
      for (const href of hrefs.slice(from, from + PRELOADS_PER_TASK)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        document.head.append(link);
      }
      if (from + PRELOADS_PER_TASK < hrefs.length)
        setTimeout(() => batch(from + PRELOADS_PER_TASK), 0);
      else done();
    };
    setTimeout(() => batch(0), 0);
  });
}

/** What a tap can press; links are left alone: they work before hydration (the server's pages). */
const PRESSABLE =
  'button, [role="button"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"], [role="option"], summary';

/**
 * A tap on a button of the server's HTML before the app has hydrated would do nothing: it is held,
 * the app is started at once if it was not, and the tap is made again on the same button (hydration
 * keeps the page's elements) once the screen is interactive. Only the last tap is kept.
 */
function holdTapsUntilInteractive() {
  let held: HTMLElement | null = null;
  const hold = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest(PRESSABLE) : null;
    if (!(target instanceof HTMLElement) || !root!.contains(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = target;
    boot();
  };
  document.addEventListener('click', hold, true);
  window.addEventListener(
    INTERACTIVE_EVENT,
    () => {
      document.removeEventListener('click', hold, true);
      // In a task of its own: the event comes from a React effect, and React hydrates the part a
      // click lands on (a Suspense boundary not hydrated yet) only outside its own work; within
      // it, React drops the click.
      setTimeout(() => {
        if (held?.isConnected) held.click();
      }, 0);
    },
    { once: true },
  );
}

if (root.firstElementChild) {
  holdTapsUntilInteractive();
  // after the next frame is painted (a hidden tab paints no frame: the timer starts it there)
  requestAnimationFrame(() => setTimeout(boot, 0));
  setTimeout(boot, 1000);
} else {
  // a page the browser draws itself is a private one (the cart, checkout, signing in…): the route
  // table reaches those screens through this module (app/other-screens.ts), fetched beside the
  // app rather than after it
  void import('./app/other-screens').catch(() => undefined);
  boot();
}

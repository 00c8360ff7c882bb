/**
 * What counts as the shopper's first interaction: anything that may need code the page did not
 * load up front (a tap, a key, Back). A pointerdown comes before its click, so code fetched then
 * is usually in by the time the click needs it.
 */
const FIRST_INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'popstate'] as const;

/** Runs `callback` once, at the shopper's first interaction; returns what stops the wait. */
export function onFirstInteraction(callback: () => void): () => void {
  const options = { capture: true, passive: true } as const;
  const stop = () => {
    for (const type of FIRST_INTERACTIONS) window.removeEventListener(type, run, options);
  };
  const run = () => {
    stop();
    callback();
  };
  for (const type of FIRST_INTERACTIONS) window.addEventListener(type, run, options);
  return stop;
}

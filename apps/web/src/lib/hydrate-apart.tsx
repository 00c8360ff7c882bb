import { Component, Suspense, useId, type ReactElement } from 'react';

/**
 * Hydration in several tasks instead of one. The browser build runs on Preact
 * (docs/decisions/web-preact.md), which hydrates a page in one synchronous pass: 100–140 ms on a
 * phone's CPU for the listing, which Lighthouse counts as blocking time. A part wrapped in
 * <HydrateApart> is left as the server drew it during that pass and hydrated in a task of its own
 * right after: Preact keeps the DOM of a component that suspends while hydrating and hydrates it
 * in place when its promise settles (outside hydration, and on the server, the part renders at
 * once). Its child must be one element: Preact keeps only the first node of a suspended part.
 * Parts nest: the parts inside a part are put off again while it hydrates, so the page's content
 * is one part and each of its cards another.
 */
/** Raised while Preact hydrates: the main pass, then each part's own render as it resumes. */
let hydrating = false;
let partsLeft = 0;
const whenDone: (() => void)[] = [];

function partHydrated() {
  partsLeft--;
  if (partsLeft === 0) for (const done of whenDone.splice(0)) done();
}

/** A promise settled in the next task; the part hydrates as it settles (in that task). */
function nextTask(): Promise<void> {
  partsLeft++;
  return new Promise((resolve) =>
    setTimeout(() => {
      resolve();
      // the part re-renders in this task's microtasks; it is done by the next task (where the
      // flag its render raised is down again, even had that render failed)
      setTimeout(() => {
        hydrating = false;
        partHydrated();
      }, 0);
    }, 0),
  );
}

/**
 * Throws (suspends) on its first render while the page hydrates, so its part is put off to a task
 * of its own; renders its child from then on. A class, so that the instance (and `stage`) is the
 * one Preact keeps for the suspended part and renders again when it resumes.
 */
class Later extends Component<{ children: ReactElement }> {
  stage: 'new' | 'held' | 'resuming' | 'live' = 'new';

  render() {
    if (this.stage === 'new' && hydrating) {
      this.stage = 'held';
      throw nextTask();
    }
    if (this.stage === 'held') {
      // The part resumes: Preact hydrates it in this render, and the parts inside it are put off
      // in turn, so a part may hold parts (the page's content holds its cards). The flag is
      // lowered once this part's render is committed, below.
      this.stage = 'resuming';
      hydrating = true;
    } else this.stage = 'live';
    return this.props.children;
  }

  componentDidMount() {
    this.settle();
  }

  componentDidUpdate() {
    this.settle();
  }

  private settle() {
    if (this.stage !== 'resuming') return;
    this.stage = 'live';
    hydrating = false;
  }
}

/**
 * The ids (`useId`) made inside a part, counted on their own, under the name `scope`. Preact counts
 * a page's ids in the order its components first render: the server renders a part in its place,
 * the browser after the rest of the page, so every id after it would differ, and an element drawn
 * later (a sold-out product's "Sold out" line) would name an id the server's HTML does not have.
 * Preact keeps a vnode's count in `__m` ("mask"), and useId counts on the nearest vnode that has
 * one: setting it here makes the part's ids the same on both sides, and leaves the rest of the
 * page's count alone. (Under React, in the component tests, there is no such field: nothing to do.)
 */
class IdScope extends Component<{ scope: string; children: ReactElement }> {
  render() {
    const vnode = (this as unknown as { __v?: { __m?: [string, number] } }).__v;
    if (vnode && !vnode.__m) vnode.__m = [this.props.scope, 0];
    return this.props.children;
  }
}

export function HydrateApart({ children }: { children: ReactElement }) {
  // one id from the page's count, in order on both sides: the name of the part's own count
  const scope = useId();
  // its own boundary, so that each part resumes on its own (a boundary waits for all of its parts)
  return (
    <IdScope scope={scope}>
      <Suspense fallback={null}>
        <Later>{children}</Later>
      </Suspense>
    </IdScope>
  );
}

/** Runs the (synchronous) hydration of the page, during which parts are put off. */
export function hydrateInParts(hydrate: () => void): void {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
}

/** Calls `done` once every part put off has hydrated (at once if none is left). */
export function afterHydration(done: () => void): void {
  if (partsLeft === 0) done();
  else whenDone.push(done);
}

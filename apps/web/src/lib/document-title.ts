/**
 * One owner for document.title. The store name is the default title (spec section 1) and a page
 * such as a policy page may put its own title over it; keeping both here makes the result
 * independent of which React effect happens to run last.
 */
let baseTitle = typeof document === 'undefined' ? '' : document.title;
let pageTitle: string | null = null;

function apply() {
  document.title = pageTitle ?? baseTitle;
}

/** The store-wide title (the store name). */
export function setBaseTitle(title: string): void {
  baseTitle = title;
  apply();
}

/** A page's own title; returns the function that takes it away again. */
export function setPageTitle(title: string): () => void {
  pageTitle = title;
  apply();
  return () => {
    if (pageTitle === title) pageTitle = null;
    apply();
  };
}

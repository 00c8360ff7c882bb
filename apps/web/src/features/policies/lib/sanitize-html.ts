import DOMPurify, { type Config } from 'dompurify';

/**
 * Policy overrides are HTML typed by a store operator. DOMPurify keeps only the allow-list below so
 * that a mistake (or a stolen operator account) cannot run script in shoppers' browsers
 * (docs/decisions/web-policy-html-sanitising.md). This module is imported only by the policy
 * page, so DOMPurify loads with that page's lazy chunk and never with the storefront's first view.
 */

/** Attributes by tag; any other attribute (handlers, style, class, id, data-*) is dropped. */
const attributesByTag: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};

/**
 * A URL with one of the schemes, or with none (relative). The shape of DOMPurify's own default
 * pattern, which it tests after removing the characters browsers ignore ('java\tscript:').
 */
const urlWithSchemes = (schemes: string) =>
  new RegExp(`^(?:(?:${schemes}):|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`, 'i');
const imageUrl = urlWithSchemes('https?');
// The characters DOMPurify removes before it reads a scheme, so an image URL is read the same way.
// eslint-disable-next-line no-control-regex
const ignoredInUrl = /[\u0000-\u0020\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000]/g;

const config = {
  ALLOWED_TAGS: [
    ...['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'address'],
    ...['strong', 'b', 'em', 'i', 'u', 'small', 'span', 'div', 'section', 'blockquote', 'a', 'img'],
    ...['table', 'thead', 'tbody', 'tr', 'th', 'td'],
  ],
  ALLOWED_ATTR: [...new Set(Object.values(attributesByTag).flat())],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // href: http(s), mailto, tel or relative (src is narrowed further in the hook below)
  ALLOWED_URI_REGEXP: urlWithSchemes('https?|mailto|tel'),
  // Removed with everything inside them (DOMPurify's own list, e.g. script, style, svg, stays);
  // other unknown tags are unwrapped and keep their text.
  ADD_FORBID_CONTENTS: [
    ...['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'template'],
    ...['noscript', 'svg', 'math', 'form', 'input', 'button', 'textarea', 'select'],
    ...['link', 'meta', 'base', 'title', 'head'],
  ],
  RETURN_DOM_FRAGMENT: true,
} satisfies Config;

// An instance of its own, so these hooks apply to policy text only.
const purify = DOMPurify(window);

purify.addHook('uponSanitizeAttribute', (element, event) => {
  const allowed = attributesByTag[element.nodeName.toLowerCase()] ?? [];
  if (!allowed.includes(event.attrName)) event.keepAttr = false;
  // DOMPurify lets images load data: URLs; policy images come from the web, or the store itself.
  else if (event.attrName === 'src' && !imageUrl.test(event.attrValue.replace(ignoredInUrl, ''))) {
    event.keepAttr = false;
  }
});

purify.addHook('afterSanitizeAttributes', (element) => {
  if (element.nodeName === 'A' && /^https?:/i.test(element.getAttribute('href') ?? '')) {
    element.setAttribute('rel', 'noopener noreferrer');
  }
});

export function sanitizePolicyHtml(html: string): string {
  const fragment = purify.sanitize(html, config);
  // Built in DOMPurify's inert document (no image loads), not in the page's.
  const doc = fragment.ownerDocument;
  // The page owns its h1; an h1 in the text becomes a section heading.
  for (const h1 of fragment.querySelectorAll('h1')) {
    const h2 = doc.createElement('h2');
    h2.append(...h1.childNodes);
    h1.replaceWith(h2);
  }
  const container = doc.createElement('div');
  container.append(fragment);
  return container.innerHTML;
}

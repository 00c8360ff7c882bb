import DOMPurify, { type Config } from 'dompurify';
import { policyHtmlRules } from '@store/contracts/policy-html';

/**
 * Policy overrides are HTML typed by a store operator. DOMPurify keeps only the allow-list below so
 * that a mistake (or a stolen operator account) cannot run script in shoppers' browsers
 * (docs/decisions/web-policy-html-sanitising.md). The rules are contracts' policyHtmlRules, which
 * the server applies when the owner saves. The storefront's policy pages and the back office's
 * preview both render through this, so the preview is what shoppers see. Import it only from a
 * lazily loaded page, so DOMPurify never weighs on a first view.
 */

const { attributesByTag } = policyHtmlRules;

/**
 * A URL with one of the schemes, or with none (relative). The shape of DOMPurify's own default
 * pattern, which it tests after removing the characters browsers ignore ('java\tscript:').
 */
const urlWithSchemes = (schemes: readonly string[]) =>
  new RegExp(`^(?:(?:${schemes.join('|')}):|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`, 'i');
const imageUrl = urlWithSchemes(policyHtmlRules.imageSchemes);
// The characters DOMPurify removes before it reads a scheme, so an image URL is read the same way.
// eslint-disable-next-line no-control-regex
const ignoredInUrl = /[\u0000-\u0020\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000]/g;

const config = {
  ALLOWED_TAGS: [...policyHtmlRules.tags],
  ALLOWED_ATTR: [...new Set(Object.values(attributesByTag).flat())],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // href: the link schemes or relative (src is narrowed further in the hook below)
  ALLOWED_URI_REGEXP: urlWithSchemes(policyHtmlRules.linkSchemes),
  // Removed with everything inside them (DOMPurify's own list, e.g. script, style, svg, stays);
  // other unknown tags are unwrapped and keep their text.
  ADD_FORBID_CONTENTS: [...policyHtmlRules.droppedWithContent],
  RETURN_DOM_FRAGMENT: true,
} satisfies Config;

/** An instance of its own, so these hooks apply to policy text only; made on first use (a DOM is needed). */
function createPurify() {
  const purify = DOMPurify(window);

  purify.addHook('uponSanitizeAttribute', (element, event) => {
    const allowed = attributesByTag[element.nodeName.toLowerCase()] ?? [];
    if (!allowed.includes(event.attrName)) event.keepAttr = false;
    // DOMPurify lets images load data: URLs; policy images come from the web, or the store itself.
    else if (
      event.attrName === 'src' &&
      !imageUrl.test(event.attrValue.replace(ignoredInUrl, ''))
    ) {
      event.keepAttr = false;
    }
  });

  purify.addHook('afterSanitizeAttributes', (element) => {
    if (element.nodeName === 'A' && /^https?:/i.test(element.getAttribute('href') ?? '')) {
      element.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purify;
}

let purify: ReturnType<typeof createPurify> | undefined;

/**
 * Where there is no DOM (the storefront rendered on the server, apps/web entry-server.tsx) the
 * server's own sanitiser applies: sanitize-html with the same contracts rules, which the server
 * already applies when the owner saves a policy.
 */
let sanitizeWithoutDom: ((html: string) => string) | undefined;

export function setPolicySanitizerWithoutDom(sanitize: (html: string) => string): void {
  sanitizeWithoutDom = sanitize;
}

export function sanitizePolicyHtml(html: string): string {
  if (typeof window === 'undefined') {
    if (!sanitizeWithoutDom) throw new Error('sanitizePolicyHtml: no DOM and no server sanitiser');
    return sanitizeWithoutDom(html);
  }
  purify ??= createPurify();
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

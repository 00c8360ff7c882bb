/**
 * Policy overrides are HTML typed by a store operator. Rebuild them from an allow-list so that a
 * mistake (or a stolen operator account) cannot run script in shoppers' browsers.
 */
const allowedTags = new Set([
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'small',
  'span',
  'div',
  'section',
  'blockquote',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'address',
]);
/** Removed together with everything inside them. */
const droppedTags = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'link',
  'meta',
  'base',
  'title',
  'head',
]);
const allowedAttributes: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};
/** The page owns its h1; an h1 in the text becomes a section heading. */
const renamedTags: Record<string, string> = { h1: 'h2' };

function safeUrl(value: string, schemes: readonly string[]): boolean {
  // Browsers ignore control characters and spaces inside a scheme ('java\tscript:').
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact)?.[1];
  return scheme === undefined || schemes.includes(scheme);
}

function copyAttributes(from: Element, to: Element, tag: string) {
  for (const name of allowedAttributes[tag] ?? []) {
    const value = from.getAttribute(name);
    if (value === null) continue;
    if (name === 'href' && !safeUrl(value, ['http', 'https', 'mailto', 'tel'])) continue;
    if (name === 'src' && !safeUrl(value, ['http', 'https'])) continue;
    to.setAttribute(name, value);
  }
  if (tag === 'a' && /^https?:/i.test(to.getAttribute('href') ?? '')) {
    to.setAttribute('rel', 'noopener noreferrer');
  }
}

function copyChildren(from: Node, to: Node, doc: Document) {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const element = child as Element;
    const original = element.tagName.toLowerCase();
    if (droppedTags.has(original)) continue;
    const tag = renamedTags[original] ?? original;
    if (!allowedTags.has(tag)) {
      copyChildren(element, to, doc); // unknown wrapper: keep its text
      continue;
    }
    const clean = doc.createElement(tag);
    copyAttributes(element, clean, tag);
    copyChildren(element, clean, doc);
    to.appendChild(clean);
  }
}

export function sanitizePolicyHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const output = document.implementation.createHTMLDocument('');
  const container = output.createElement('div');
  copyChildren(parsed.body, container, output);
  return container.innerHTML;
}

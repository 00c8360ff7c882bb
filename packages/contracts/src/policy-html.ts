// What a policy text (HTML typed by the owner) may hold, for every place that sanitises it: the
// server when the owner saves (sanitize-html), the storefront's policy pages and the back office's
// preview (DOMPurify, packages/ui/src/policy-html.tsx). One list, so the preview shows what
// shoppers will see and the server never keeps what the storefront would drop, or the reverse.
// Plain data and functions (no zod).
import { escapeHtml } from './text';

export const policyHtmlRules = {
  tags: [
    ...['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'address'],
    ...['strong', 'b', 'em', 'i', 'u', 'small', 'span', 'div', 'section', 'blockquote', 'a', 'img'],
    ...['table', 'thead', 'tbody', 'tr', 'th', 'td'],
  ],
  /** attributes by tag; any other attribute (handlers, style, class, id, data-*) is dropped */
  attributesByTag: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  } as Record<string, readonly string[]>,
  /** link schemes (a relative link has none) */
  linkSchemes: ['http', 'https', 'mailto', 'tel'],
  /** images come over https or from the store itself (relative): never data:, never mixed content */
  imageSchemes: ['https'],
  /** removed together with everything inside them; other unknown tags keep their text */
  droppedWithContent: [
    ...['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'template'],
    ...['noscript', 'svg', 'math', 'form', 'input', 'button', 'textarea', 'select'],
    ...['link', 'meta', 'base', 'title', 'head'],
  ],
} as const;

/** The store values a policy text may name as {companyName} and the like. */
export interface PolicyCompany {
  companyName: string;
  companyAddress: string;
  companyEmail: string;
  companyPhone: string;
  companyLogoUrl: string;
}

/** Replaces {companyName} and the other placeholders with HTML-escaped store values. */
export function fillPolicyPlaceholders(html: string, company: PolicyCompany): string {
  return html.replace(
    /\{(companyName|companyAddress|companyEmail|companyPhone|companyLogoUrl)\}(\.?)/g,
    (_, key: keyof PolicyCompany, stop: string) => {
      const value = company[key];
      // a sentence ending on a name that ends in a full stop ('… Pvt. Ltd.') takes one, not two
      return escapeHtml(value) + (stop && value.trimEnd().endsWith('.') ? '' : stop);
    },
  );
}

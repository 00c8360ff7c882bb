import DOMPurify, { type Config } from 'dompurify';
import { escapeHtml } from '@store/contracts/text';

/**
 * The policy preview: the owner's HTML with the storefront's placeholders filled from the form,
 * sanitised with the storefront's allow-list (apps/web/src/features/policies/lib/sanitize-html.ts;
 * the server sanitises again when it saves). The preview shows what shoppers will see, and typed
 * script never runs in the back office.
 */
const attributesByTag: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};
const urlWithSchemes = (schemes: string) =>
  new RegExp(`^(?:(?:${schemes}):|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`, 'i');

const config = {
  ALLOWED_TAGS: [
    ...['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'address'],
    ...['strong', 'b', 'em', 'i', 'u', 'small', 'span', 'div', 'section', 'blockquote', 'a', 'img'],
    ...['table', 'thead', 'tbody', 'tr', 'th', 'td'],
  ],
  ALLOWED_ATTR: [...new Set(Object.values(attributesByTag).flat())],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: urlWithSchemes('https?|mailto|tel'),
  ADD_FORBID_CONTENTS: [
    ...['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'template'],
    ...['noscript', 'svg', 'math', 'form', 'input', 'button', 'textarea', 'select'],
    ...['link', 'meta', 'base', 'title', 'head'],
  ],
} satisfies Config;

const purify = DOMPurify(window);
purify.addHook('uponSanitizeAttribute', (element, event) => {
  const allowed = attributesByTag[element.nodeName.toLowerCase()] ?? [];
  if (!allowed.includes(event.attrName)) event.keepAttr = false;
  else if (event.attrName === 'src' && !/^https?:|^\//i.test(event.attrValue.trim()))
    event.keepAttr = false;
});

export interface PolicyCompany {
  companyName: string;
  companyAddress: string;
  companyEmail: string;
  companyPhone: string;
  companyLogoUrl: string;
}

/** {companyName} and the other placeholders, HTML-escaped, as the storefront fills them. */
export function fillPolicyPlaceholders(html: string, company: PolicyCompany): string {
  return html.replace(
    /\{(companyName|companyAddress|companyEmail|companyPhone|companyLogoUrl)\}/g,
    (_, key: keyof PolicyCompany) => escapeHtml(company[key]),
  );
}

export function policyPreviewHtml(html: string, company: PolicyCompany): string {
  return purify.sanitize(fillPolicyPlaceholders(html, company), config) as string;
}

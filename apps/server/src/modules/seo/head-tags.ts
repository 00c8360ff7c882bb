import { escapeHtml } from '@store/contracts/text';

/** What a page's head says about it; rendered to tags by `renderHead`. */
export interface HeadData {
  /** the whole <title>, e.g. "Linen Diary | Kagaz & Kalam" */
  title: string;
  description: string;
  /** absolute */
  canonical: string;
  ogType: 'website' | 'product';
  siteName: string;
  /** absolute; none: no og:image, and a small Twitter card */
  image: string | null;
  /** noindex for private, transactional and missing pages (docs/decisions/seo-head.md) */
  noindex: boolean;
  /** og's product:price (rupees), for products only */
  price?: { amount: number; currency: 'INR' } | undefined;
  /** schema.org objects, one <script type="application/ld+json"> each */
  jsonLd?: object[] | undefined;
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

/**
 * JSON-LD inside a <script>: the HTML parser ends the script at the first `</script` whatever the
 * JSON means, so every `<` goes out as \u003c (still the same JSON); `>`, `&` and the line
 * separators JavaScript once refused are escaped too.
 */
export function jsonLdScript(data: object): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/ld+json">${json}</script>`;
}

/** The head's tags, one a line, every value escaped for a quoted attribute or text. */
export function renderHead(head: HeadData): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
  ];
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  tags.push(
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:locale', 'en_IN'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
  );
  if (head.image) tags.push(meta('property', 'og:image', head.image));
  if (head.price) {
    tags.push(
      meta('property', 'product:price:amount', head.price.amount.toFixed(2)),
      meta('property', 'product:price:currency', head.price.currency),
    );
  }
  tags.push(
    // a product's photo is worth the large card; a store logo is better small than stretched
    meta(
      'name',
      'twitter:card',
      head.image && head.ogType === 'product' ? 'summary_large_image' : 'summary',
    ),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  );
  if (head.image) tags.push(meta('name', 'twitter:image', head.image));
  for (const data of head.jsonLd ?? []) tags.push(jsonLdScript(data));
  return tags.join('\n');
}

/** Where index.html takes the page's head (apps/web/index.html), and where its default ends. */
export const HEAD_MARKER = '<!--app-head-->';
export const HEAD_END_MARKER = '<!--/app-head-->';

/**
 * index.html with `head` in place of the neutral default between the markers (its <title>). An
 * index.html without the markers gets the head before </head>, its own <title> dropped, so a page
 * never carries two titles.
 */
export function applyHead(indexHtml: string, head: string): string {
  const start = indexHtml.indexOf(HEAD_MARKER);
  const end = indexHtml.indexOf(HEAD_END_MARKER);
  if (start >= 0 && end > start) {
    return indexHtml.slice(0, start) + head + indexHtml.slice(end + HEAD_END_MARKER.length);
  }
  const close = indexHtml.indexOf('</head>');
  if (close < 0) return indexHtml;
  const without = indexHtml
    .slice(0, close)
    .replace(/<title>[\s\S]*?<\/title>/i, '')
    .replace(/<meta name="description"[^>]*>/i, '');
  return `${without}${head}\n${indexHtml.slice(close)}`;
}

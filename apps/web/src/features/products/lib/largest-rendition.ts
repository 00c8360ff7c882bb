import type { ImageSrcset } from '@store/contracts/products';

/** The widest candidate's URL of a `<url> 320w, <url> 640w` srcset (undefined when there is none). */
export function widestCandidate(srcset: string): string | undefined {
  let best: { url: string; width: number } | undefined;
  for (const candidate of srcset.split(',')) {
    const [url, descriptor = ''] = candidate.trim().split(/\s+/);
    if (!url) continue;
    const width = Number.parseInt(descriptor, 10) || 0;
    if (!best || width > best.width) best = { url, width };
  }
  return best?.url;
}

/**
 * Only the largest rendition of each format, for the enlarged view: at full size the browser
 * should not settle for the rendition the page's `sizes` would pick on a small screen.
 */
export function largestRendition(srcset: ImageSrcset | undefined): ImageSrcset | undefined {
  if (!srcset) return undefined;
  const avif = widestCandidate(srcset.avif);
  const webp = widestCandidate(srcset.webp);
  return avif && webp ? { avif, webp } : undefined;
}

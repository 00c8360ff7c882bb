import type { ImgHTMLAttributes } from 'react';
import type { ImageSrcset } from '@store/contracts/products';
import { showFallbackImage } from '@/lib/images';

/** Layout widths the image is shown at, for the browser to pick a rendition (`sizes`). */
export const PICTURE_SIZES = {
  card: '(max-width: 768px) 50vw, 25vw',
  page: '(max-width: 768px) 100vw, 50vw',
  quickView: '(max-width: 640px) 100vw, 22rem',
  /** the product page's gallery buttons: the narrowest rendition does */
  thumbnail: '72px',
} as const;

interface ProductPictureProps extends ImgHTMLAttributes<HTMLImageElement> {
  /** an uploaded image's renditions; without them the plain <img> renders, as for shipped art */
  srcset?: ImageSrcset | undefined;
  sizes: string;
}

/**
 * A product image: AVIF, then WebP renditions in the widths the server made, with the <img> as the
 * fallback (and what carries size, loading and alt). The <picture> box is `display: contents`, so
 * the <img> lays out exactly as it would alone.
 */
export function ProductPicture({ srcset, sizes, ...img }: ProductPictureProps) {
  if (!srcset) return <img {...img} onError={showFallbackImage} />;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={srcset.avif} sizes={sizes} />
      <source type="image/webp" srcSet={srcset.webp} sizes={sizes} />
      <img {...img} onError={dropSources} />
    </picture>
  );
}

/**
 * A failed rendition: a <source> wins over img.src, so its srcset is emptied (the browser then skips
 * it; the node stays, as React owns it) before the fallback shows.
 */
function dropSources(event: { currentTarget: HTMLImageElement }) {
  const img = event.currentTarget;
  for (const source of img.parentElement?.querySelectorAll('source') ?? []) source.srcset = '';
  showFallbackImage(event);
}

import { ZoomIn } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { FALLBACK_IMAGE } from '@/lib/images';
import type { ProductView } from '../lib/product-view';
import { PICTURE_SIZES, ProductPicture } from './product-picture';

const loadLightbox = () => import('./image-lightbox');
const ImageLightbox = lazy(loadLightbox);

/** The main image first, then the others, each once. */
export function galleryOf(product: Pick<ProductView, 'image' | 'images'>): string[] {
  return [product.image, ...product.images.filter((url) => url !== product.image)].filter(Boolean);
}

/**
 * The product page's images: the chosen one large, thumbnails to choose another, and the large one
 * a button that opens every image at full size (the lightbox's code is fetched when the pointer
 * or focus reaches it, so the click rarely waits).
 */
export function ProductGallery({ product }: { product: ProductView }) {
  const gallery = galleryOf(product);
  const [activeImage, setActiveImage] = useState(0);
  const [enlarged, setEnlarged] = useState(false);
  const enlargeButton = useRef<HTMLButtonElement>(null);
  const preload = () => void loadLightbox();
  const activeUrl = gallery[activeImage] ?? '';

  return (
    <div className="space-y-3">
      <button
        ref={enlargeButton}
        type="button"
        aria-label="Enlarge image"
        aria-haspopup="dialog"
        onClick={() => setEnlarged(true)}
        onPointerEnter={preload}
        onFocus={preload}
        className="group relative block w-full cursor-zoom-in overflow-hidden rounded-2xl border border-border bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        <ProductPicture
          srcset={product.srcsets?.[activeUrl]}
          sizes={PICTURE_SIZES.page}
          src={activeUrl || FALLBACK_IMAGE}
          alt={product.name}
          width={700}
          height={700}
          fetchPriority="high"
          className="aspect-square w-full object-cover"
        />
        <span className="absolute bottom-3 right-3 rounded-full bg-card/90 p-2 text-foreground shadow-md transition-colors group-hover:text-primary">
          <ZoomIn aria-hidden="true" className="size-5" />
        </span>
      </button>
      {gallery.length > 1 && (
        <ul className="flex flex-wrap gap-3" aria-label="Product images">
          {gallery.map((url, index) => (
            <li key={url}>
              <button
                type="button"
                onClick={() => setActiveImage(index)}
                aria-label={`Show image ${index + 1}`}
                aria-pressed={index === activeImage}
                className="overflow-hidden rounded-lg border-2 border-transparent aria-pressed:border-primary"
              >
                <ProductPicture
                  srcset={product.srcsets?.[url]}
                  sizes={PICTURE_SIZES.thumbnail}
                  src={url}
                  alt=""
                  width={72}
                  height={72}
                  loading="lazy"
                  className="size-18 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {enlarged && (
        <Suspense fallback={null}>
          <ImageLightbox
            images={(gallery.length > 0 ? gallery : [FALLBACK_IMAGE]).map((url) => ({
              url,
              srcset: product.srcsets?.[url],
            }))}
            startIndex={activeImage}
            name={product.name}
            onOpenChange={setEnlarged}
            returnFocusTo={enlargeButton}
          />
        </Suspense>
      )}
    </div>
  );
}

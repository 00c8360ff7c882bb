import { focusOnClose } from '@/lib/focus-on-close';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState, type KeyboardEvent, type RefObject } from 'react';
import { Button } from '@store/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@store/ui/dialog';
import type { ImageSrcset } from '@store/contracts/products';
import { FALLBACK_IMAGE } from '@/lib/images';
import { largestRendition } from '../lib/largest-rendition';
import { ProductPicture } from './product-picture';

export interface LightboxImage {
  url: string;
  srcset?: ImageSrcset | undefined;
}

interface ImageLightboxProps {
  images: readonly LightboxImage[];
  startIndex: number;
  /** the product's name: the dialog's title and the images' alt */
  name: string;
  onOpenChange: (open: boolean) => void;
  /** the button that opened it: focus goes back there on close (Radix only knows its own Trigger) */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * A product's images at full size, one at a time, with previous/next (buttons and arrow keys).
 * Radix Dialog traps focus and closes on Escape or the close button; focus goes back to the button
 * that opened it. Loaded on first use, so Radix stays out of the product page's chunk.
 */
export default function ImageLightbox({
  images,
  startIndex,
  name,
  onOpenChange,
  returnFocusTo,
}: ImageLightboxProps) {
  const count = images.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(0, startIndex), count - 1));
  const image = images[index];
  const step = (by: number) => setIndex((i) => (i + by + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
  };
  const position = count > 1 ? `Image ${index + 1} of ${count}` : undefined;

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel="Close image"
        {...(position ? {} : { 'aria-describedby': undefined })}
        onKeyDown={onKeyDown}
        onCloseAutoFocus={focusOnClose(returnFocusTo)}
        className="grid w-[min(72rem,calc(100vw-1rem))] gap-3 p-3 sm:p-4"
      >
        <div className="flex min-w-0 items-baseline gap-3 pr-12 leading-9">
          <DialogTitle className="truncate text-base font-semibold">{name}</DialogTitle>
          {position && (
            <DialogDescription className="shrink-0 text-sm text-muted-foreground">
              {position}
            </DialogDescription>
          )}
        </div>
        {/* a fixed box, so the dialog keeps its size while the large image arrives */}
        <div className="relative h-[min(78vh,calc(100vw-2rem))] overflow-hidden rounded-lg bg-muted">
          {image && (
            <ProductPicture
              key={image.url}
              srcset={largestRendition(image.srcset)}
              sizes="100vw"
              src={image.url || FALLBACK_IMAGE}
              alt={position ? `${name}, ${position.toLowerCase()}` : name}
              className="size-full object-contain"
            />
          )}
          {count > 1 && (
            <>
              <Button
                size="round"
                variant="overlay"
                aria-label="Previous image"
                onClick={() => step(-1)}
                className="absolute left-2 top-1/2 -translate-y-1/2"
              >
                <ChevronLeft aria-hidden="true" />
              </Button>
              <Button
                size="round"
                variant="overlay"
                aria-label="Next image"
                onClick={() => step(1)}
                className="absolute right-2 top-1/2 -translate-y-1/2"
              >
                <ChevronRight aria-hidden="true" />
              </Button>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

import { Link } from 'react-router';
import { FALLBACK_IMAGE, showFallbackImage } from '@/lib/images';

/**
 * A product's picture in a list (cart line, wishlist) linking to its page. The name beside it is
 * the link readers and keyboards use, so this one is hidden from them.
 */
export function ProductThumbnail({
  href,
  image,
  size,
}: {
  href: string;
  image: string;
  size: number;
}) {
  return (
    // block: inside the cart line's grid cell an inline link split its border around the picture
    <Link
      to={href}
      className="block shrink-0 self-start overflow-hidden rounded-lg border border-border bg-muted"
      tabIndex={-1}
      aria-hidden="true"
    >
      <img
        src={image || FALLBACK_IMAGE}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        onError={showFallbackImage}
        style={{ width: size, height: size }}
        className="object-cover"
      />
    </Link>
  );
}

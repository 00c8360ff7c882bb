/**
 * For a response whose URL names its content for good (hashed bundles, an image id's rendition):
 * a year, never revalidated.
 */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

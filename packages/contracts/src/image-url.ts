import { z } from 'zod';

/**
 * The image addresses a store keeps: an absolute http(s) URL (a catalogue's CDN) or a path on this
 * site (/images/…, /media/…). Anything else would be put into an <img src>, a CSS url(), the
 * e-mails and the page's JSON-LD as it was typed: `javascript:alert(4)` was accepted, and so was
 * `//evil.example/x.png` or `/\evil.example`, which a browser reads as another site.
 */
export const IMAGE_URL_MESSAGE =
  'Give an image address that starts with https:// or http://, or a path on this site that starts with /';

/** One "/" then no second "/" or "\\" (checked with UNSAFE below for the rest of the address). */
const SITE_PATH = /^\/(?![/\\])/;
/** A space, a control character or a backslash: a browser drops or rewrites them. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\s\\\u0000-\u001f\u007f]/;

export function isImageUrl(value: string): boolean {
  if (UNSAFE.test(value)) return false;
  if (SITE_PATH.test(value)) return true;
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A required image address of at most 500 characters. */
export const imageUrlSchema = z
  .string()
  .trim()
  .min(1, IMAGE_URL_MESSAGE)
  .max(500, 'An image address must be at most 500 characters')
  .refine(isImageUrl, IMAGE_URL_MESSAGE);

/** An image address, or '' for none (a store without a logo, a category without its own picture). */
export const optionalImageUrlSchema = z
  .string()
  .trim()
  .max(500, 'An image address must be at most 500 characters')
  .refine((value) => value === '' || isImageUrl(value), IMAGE_URL_MESSAGE);

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { serverRoot } from '../../env';
import type { Encoding } from '../../lib/response-cache';

/**
 * The product, category and logo art shipped in the repository (apps/server/public/images), served
 * at /images/. The database and the seed name a file as it is (`/images/products/x.svg`); the API
 * hands out `/images/products/x.<hash>.svg`, a name that changes with the file's bytes, so browsers
 * and CDNs keep it for good (IMMUTABLE_CACHE_CONTROL) and a new picture is fetched at once. The
 * plain name keeps working (old e-mails, saved links, the back office's forms) with a short lifetime.
 */
export const SITE_IMAGES_DIR = join(serverRoot, 'public/images');
export const SITE_IMAGES_PREFIX = '/images/';

/** Hex digits of the content hash in a name: 8 tell 4 billion versions apart. */
const HASH_LENGTH = 8;
const HASHED_NAME = new RegExp(`^(.+)\\.([0-9a-f]{${HASH_LENGTH}})(\\.[A-Za-z0-9]+)$`);

const TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
};

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface SiteImage {
  /** `/images/products/x.svg`: the name as stored */
  path: string;
  /** `/images/products/x.1a2b3c4d.svg`: the name handed out */
  hashedPath: string;
  contentType: string;
  body: Buffer;
  etag: string;
  /** SVG is text: kept compressed too, made on its first request (then never again) */
  compressible: boolean;
}

export interface SiteImageMatch {
  image: SiteImage;
  /** asked for by its current hashed name: the answer never changes */
  immutable: boolean;
}

export class SiteImages {
  private byPath = new Map<string, SiteImage>();
  private encoded = new Map<SiteImage, Promise<Partial<Record<Encoding, Buffer>>>>();

  /** Reads and hashes every file below `dir` once (145 SVGs, 600 KB: a few ms). */
  constructor(dir: string = SITE_IMAGES_DIR, prefix: string = SITE_IMAGES_PREFIX) {
    let entries: string[];
    try {
      entries = readdirSync(dir, { recursive: true, encoding: 'utf8' });
    } catch {
      return; // no art shipped: nothing served, every URL handed out as stored
    }
    for (const relative of entries) {
      const type = TYPES[extname(relative).toLowerCase()];
      if (!type) continue;
      const body = readFileSync(join(dir, relative));
      const hash = createHash('sha256').update(body).digest('hex').slice(0, HASH_LENGTH);
      const path = prefix + relative.split('\\').join('/');
      const ext = extname(path);
      this.byPath.set(path, {
        path,
        hashedPath: `${path.slice(0, -ext.length)}.${hash}${ext}`,
        contentType: type,
        body,
        etag: `"${hash}"`,
        compressible: type === 'image/svg+xml',
      });
    }
  }

  /**
   * The URL to hand out for a stored image URL: the hashed name of shipped art, anything else
   * (an uploaded image's /media/ URL, another site's, a file no longer shipped) as it is.
   */
  publicUrl(url: string): string {
    if (!url.startsWith(SITE_IMAGES_PREFIX)) return url;
    const query = url.search(/[?#]/);
    const path = query === -1 ? url : url.slice(0, query);
    const image = this.byPath.get(path);
    return image ? image.hashedPath + (query === -1 ? '' : url.slice(query)) : url;
  }

  /** The image a request path names: its plain name, its current hashed name or an older one. */
  find(path: string): SiteImageMatch | undefined {
    const plain = this.byPath.get(path);
    if (plain) return { image: plain, immutable: false };
    const hashed = HASHED_NAME.exec(path);
    if (!hashed) return undefined;
    const image = this.byPath.get(hashed[1]! + hashed[3]!);
    if (!image) return undefined;
    // an older version's name (a page cached before the art changed): today's picture, briefly
    return { image, immutable: image.hashedPath === path };
  }

  /**
   * The image's brotli (quality 11) and gzip (9) copies, made once on first use: per request it
   * would be the compression @fastify/compress did before, for every picture of every listing.
   */
  compressed(image: SiteImage): Promise<Partial<Record<Encoding, Buffer>>> {
    let copies = this.encoded.get(image);
    if (!copies) {
      copies = Promise.all([
        brotli(image.body, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            [zlib.BROTLI_PARAM_SIZE_HINT]: image.body.length,
          },
        }),
        gzipAsync(image.body, { level: 9 }),
      ]).then(([br, gz]) => ({ br, gzip: gz }));
      this.encoded.set(image, copies);
    }
    return copies;
  }
}

let shipped: SiteImages | undefined;

/** The shipped art, read on first use. */
export function siteImages(): SiteImages {
  shipped ??= new SiteImages();
  return shipped;
}

/** A stored image URL as the API hands it out (see SiteImages.publicUrl). */
export const publicImageUrl = (url: string): string => siteImages().publicUrl(url);

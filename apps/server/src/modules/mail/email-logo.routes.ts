import { readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import sharp from 'sharp';
import type { MediaStorage } from '../../lib/media-storage';

/**
 * The logo in e-mails. Gmail, Outlook and most mail clients show no SVG, and the demo store's logo
 * is one, so an e-mail never points at the logo itself when it lives on this site: it points at
 * GET /email/logo.png, the same picture drawn as a PNG of at most 96×96 (shown at 48×48).
 */
export const EMAIL_LOGO_PATH = '/email/logo.png';
const SIZE = 96;
/** a logo bigger than this is not a logo */
const MAX_BYTES = 5 * 1024 * 1024;
const CACHE_MAX = 100;
const NOT_FOUND = { error: 'Not found', code: 'not_found' } as const;

/**
 * The path of a logo served by this site (`/images/logo.svg`, `/media/<id>/<w>.webp`, or an
 * absolute URL on `baseUrl`'s origin), or null: no logo, or another site's.
 */
export function localLogoPath(logoUrl: string, baseUrl?: string): string | null {
  const value = logoUrl.trim();
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) {
    try {
      return new URL(value, 'http://local').pathname;
    } catch {
      return null;
    }
  }
  if (!baseUrl) return null;
  try {
    const url = new URL(value);
    return url.origin === new URL(baseUrl).origin ? url.pathname : null;
  } catch {
    return null;
  }
}

export interface EmailLogoOptions {
  /** Folders whose files this site serves at / (the server's public folder, the built web app). */
  siteDirs: string[];
  /** Uploaded images, for a logo under /media/. */
  storage: MediaStorage;
  /** PUBLIC_BASE_URL: an absolute logo URL on this origin counts as this site's. */
  baseUrl?: string | undefined;
}

async function readStream(body: Readable): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > MAX_BYTES) {
      body.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The bytes of a logo on this site; null when there is no such file. Never a network request. */
async function readLocal(path: string, options: EmailLogoOptions): Promise<Buffer | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  if (decoded.startsWith('/media/')) {
    try {
      const object = await options.storage.get(decoded.slice('/media/'.length));
      return object ? await readStream(object.body) : null;
    } catch {
      return null; // a key the storage refuses
    }
  }
  for (const dir of options.siteDirs) {
    const root = resolve(dir);
    const file = resolve(root, `.${decoded}`);
    if (!file.startsWith(root + sep)) continue;
    try {
      const s = await stat(file);
      if (!s.isFile() || s.size > MAX_BYTES) continue;
      return await readFile(file);
    } catch {
      continue;
    }
  }
  return null;
}

/** At most 96×96, aspect kept, transparent around it; an SVG is drawn at a density that fills it. */
async function toPng(bytes: Buffer): Promise<Buffer> {
  const meta = await sharp(bytes).metadata();
  const longest = Math.max(meta.width ?? 0, meta.height ?? 0);
  const density =
    meta.format === 'svg' && longest > 0
      ? Math.min(2400, Math.max(1, Math.ceil((72 * SIZE) / longest)))
      : undefined;
  return sharp(bytes, density ? { density } : {})
    .resize(SIZE, SIZE, { fit: 'inside', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

/**
 * GET /email/logo.png: the requesting store's logo (request.store) as a PNG, for its e-mails.
 * Only a logo on this site is drawn: another site's URL is never fetched (the e-mail uses that URL
 * as it is, or no image for an SVG). 404 JSON when there is no logo or it cannot be read.
 */
export const emailLogoRoutes: FastifyPluginAsync<EmailLogoOptions> = async (app, options) => {
  // per store and logo URL: a new logo is a new entry; the oldest go when it grows
  const cache = new Map<string, Promise<Buffer | null>>();
  const pngOf = (storeId: string, path: string): Promise<Buffer | null> => {
    const key = `${storeId}\n${path}`;
    let png = cache.get(key);
    if (!png) {
      png = readLocal(path, options)
        .then((bytes) => (bytes ? toPng(bytes) : null))
        .catch(() => null)
        .then((result) => {
          if (!result) cache.delete(key); // a missing file may be there later
          return result;
        });
      if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
      cache.set(key, png);
    }
    return png;
  };

  app.get(EMAIL_LOGO_PATH, { schema: { hide: true } }, async (request, reply) => {
    const path = localLogoPath(request.store.info.companyLogoUrl, options.baseUrl);
    const png = path ? await pngOf(request.store.id, path) : null;
    if (!png) return reply.code(404).send(NOT_FOUND);
    return reply
      .type('image/png')
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(png);
  });
};

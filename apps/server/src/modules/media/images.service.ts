/**
 * Uploaded images (docs/decisions/product-images.md): the upload is checked by its content, decoded
 * once per rendition by sharp, and stored as WebP and AVIF in a few widths under a random id.
 */
import { randomBytes } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { UploadedImage } from '@store/contracts/admin/products';
import type { Db } from '../../db/client';
import { images } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import type { MediaStorage } from '../../lib/media-storage';
import { recordActivity, type Actor } from '../activity/activity.service';

/** Widths made of every upload (not wider than the original); the storefront's sizes pick one. */
const RENDITION_WIDTHS = [320, 640, 960, 1280] as const;
type RenditionFormat = 'webp' | 'avif';
/** Above this sharp refuses to decode: a small file can claim a huge canvas (a decompression bomb). */
export const MAX_INPUT_PIXELS = 50_000_000;

export const imageMessages = {
  notAnImage: 'Upload a JPEG, PNG or WebP image',
  unreadable: 'The image could not be read: it may be damaged or incomplete',
  tooManyPixels: 'The image is larger than 50 megapixels',
  tooLarge: 'The image is larger than 10 MB',
} as const;

type SourceType = 'image/jpeg' | 'image/png' | 'image/webp';

/** The upload's type by its first bytes, whatever name or Content-Type it came with. */
function sniffImageType(bytes: Uint8Array): SourceType | null {
  const at = (offset: number, ...expected: number[]) =>
    expected.every((b, i) => bytes[offset + i] === b);
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  // RIFF <size> WEBP
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

const SHARP_FORMAT: Record<SourceType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const mediaUrl = (imageId: string, file: string) => `/media/${imageId}/${file}`;

/** `<url> 320w, <url> 640w, …` of one format. */
const srcsetOf = (imageId: string, widths: readonly number[], format: RenditionFormat) =>
  widths.map((w) => `${mediaUrl(imageId, `${w}.${format}`)} ${w}w`).join(', ');

/** What the storefront needs of a stored image: the widest WebP for <img src> and both srcsets. */
export function renditionUrls(imageId: string, widths: readonly number[]) {
  const widest = Math.max(...widths);
  return {
    url: mediaUrl(imageId, `${widest}.webp`),
    srcset: { webp: srcsetOf(imageId, widths, 'webp'), avif: srcsetOf(imageId, widths, 'avif') },
  };
}

interface Rendition {
  file: string;
  contentType: string;
  bytes: Buffer;
}

export interface ProcessedImage {
  sourceType: SourceType;
  width: number;
  height: number;
  widths: number[];
  renditions: Rendition[];
}

/** Widths to make of an image `width` pixels wide: the standard ones that fit, else its own. */
function widthsFor(width: number): number[] {
  const fit = RENDITION_WIDTHS.filter((w) => w <= width);
  return fit.length > 0 ? fit : [width];
}

function unreadable(err: unknown): HttpError {
  const message = err instanceof Error ? err.message : String(err);
  return new HttpError(
    400,
    /pixel limit/i.test(message) ? imageMessages.tooManyPixels : imageMessages.unreadable,
  );
}

/**
 * sharp encodes on libuv's thread pool (4 threads), which also reads the files the storefront
 * serves and runs its compression. Eight encodes of one upload at once, or several uploads at
 * once, would hold every thread for seconds and stall shoppers. So encodes run at most
 * ENCODES_AT_ONCE at a time across the whole process, in the order they were asked for: an owner's
 * upload waits a little longer; the shop keeps answering.
 */
const ENCODES_AT_ONCE = 2;
let encoding = 0;
const waiting: (() => void)[] = [];

async function oneEncode<T>(job: () => Promise<T>): Promise<T> {
  if (encoding >= ENCODES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else encoding += 1;
  try {
    return await job();
  } finally {
    const next = waiting.shift();
    // the slot passes straight to the next waiter; with none, it is freed
    if (next) next();
    else encoding -= 1;
  }
}

/** Runs the jobs through the process-wide encode slots; the results keep the jobs' order. */
export function encodeInTurn<T>(jobs: (() => Promise<T>)[]): Promise<T[]> {
  return Promise.all(jobs.map((job) => oneEncode(job)));
}

/**
 * Checks and converts an upload; throws HttpError 400 for anything that is not a whole JPEG, PNG
 * or WebP within the pixel limit. Pure (no storage), so the decoding cost can be measured alone.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  const sourceType = sniffImageType(bytes);
  if (!sourceType) throw new HttpError(400, imageMessages.notAnImage);
  // failOn 'warning': a truncated JPEG decodes to a grey tail with only a warning otherwise
  const input = () =>
    sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' }).autoOrient();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (err) {
    throw unreadable(err);
  }
  if (meta.format !== SHARP_FORMAT[sourceType] || !meta.width || !meta.height)
    throw new HttpError(400, imageMessages.notAnImage);
  if (meta.width * meta.height > MAX_INPUT_PIXELS)
    throw new HttpError(400, imageMessages.tooManyPixels);
  // EXIF orientations 5-8 turn the picture a quarter: its upright width is the stored height
  const quarterTurn = (meta.orientation ?? 1) >= 5;
  const width = quarterTurn ? meta.height : meta.width;
  const height = quarterTurn ? meta.width : meta.height;
  const widths = widthsFor(width);
  try {
    // metadata (EXIF, GPS, ICC comments) is dropped: sharp keeps none unless asked
    const jobs = widths.flatMap((w) => [
      () =>
        input()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer()
          .then((b) => ({ file: `${w}.webp`, contentType: 'image/webp', bytes: b })),
      () =>
        input()
          .resize({ width: w, withoutEnlargement: true })
          .avif({ quality: 50, effort: 4 })
          .toBuffer()
          .then((b) => ({ file: `${w}.avif`, contentType: 'image/avif', bytes: b })),
    ]);
    const renditions = await encodeInTurn(jobs);
    return { sourceType, width, height, widths, renditions };
  } catch (err) {
    throw unreadable(err);
  }
}

const newImageId = () => randomBytes(16).toString('base64url');

/**
 * Stores the renditions, then the images row and its activity entry in one transaction. If the
 * row cannot be written the files are removed again, so storage holds no image the store lacks.
 */
export async function uploadImage(
  db: Db,
  storage: MediaStorage,
  actor: Actor,
  bytes: Buffer,
): Promise<UploadedImage> {
  const image = await processImage(bytes);
  const id = newImageId();
  try {
    await Promise.all(
      image.renditions.map((r) => storage.put(`${id}/${r.file}`, r.bytes, r.contentType)),
    );
    await db.transaction(async (tx) => {
      await tx.insert(images).values({
        id,
        storeId: actor.storeId,
        width: image.width,
        height: image.height,
        widths: image.widths,
        sourceType: image.sourceType,
        bytes: bytes.length,
      });
      await recordActivity(tx, actor, {
        action: 'image.upload',
        entityType: 'image',
        entityId: id,
        summary: `Uploaded a ${image.width}×${image.height} ${image.sourceType.slice(6).toUpperCase()} image`,
        after: {
          width: image.width,
          height: image.height,
          widths: image.widths,
          sourceType: image.sourceType,
          bytes: bytes.length,
        },
      });
    });
  } catch (err) {
    await storage.delete(id).catch(() => undefined);
    throw err;
  }
  return {
    imageId: id,
    width: image.width,
    height: image.height,
    ...renditionUrls(id, image.widths),
  };
}

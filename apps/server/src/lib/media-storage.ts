/**
 * Where uploaded images' renditions live (docs/decisions/product-images.md): the data folder by
 * default, S3-compatible object storage when configured (so several servers on several machines
 * share them), or memory in tests. Keys are `<imageId>/<file>`; an object is written once and never
 * changed, which is what lets GET /media answer it as immutable.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { IMMUTABLE_CACHE_CONTROL } from './cache-control';
import { randomBytes } from 'node:crypto';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Env } from '../env';

export interface StoredMedia {
  body: Readable;
  contentType: string;
  /** bytes, when the storage knows them */
  size: number | undefined;
}

export interface MediaStorage {
  /** 'data folder', 's3' or 'memory': for logs and the decision note */
  readonly kind: string;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** null when there is no such object */
  get(key: string): Promise<StoredMedia | null>;
  /** removes every object whose key starts with `<prefix>/` (an image's renditions) */
  delete(prefix: string): Promise<void>;
}

/**
 * Keys are made by the server (random ids, numeric file names), never taken from a request as
 * they are; still, every storage refuses anything that could leave its folder or bucket prefix.
 */
const KEY = /^[A-Za-z0-9_-]{1,64}(\/[A-Za-z0-9_-]{1,64}(\.[a-z0-9]{1,8})?)?$/;
function assertMediaKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`invalid media key: ${JSON.stringify(key)}`);
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  png: 'image/png',
};
const typeOfKey = (key: string) =>
  TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/** `<root>/<key>`; the content type follows from the file's extension. */
export function localMediaStorage(root: string): MediaStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertMediaKey(key);
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`invalid media key: ${key}`);
    return path;
  };
  return {
    kind: 'data folder',
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // written aside and renamed, so a reader never sees half a file
      const partial = `${path}.${randomBytes(4).toString('hex')}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const s = await stat(path);
        if (!s.isFile()) return null;
        return { body: createReadStream(path), contentType: typeOfKey(key), size: s.size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true });
    },
  };
}

/** For tests and throwaway apps: nothing touches the disk. */
export function memoryMediaStorage(): MediaStorage & { keys(): string[] } {
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  return {
    kind: 'memory',
    keys: () => [...objects.keys()].sort(),
    async put(key, bytes, contentType) {
      assertMediaKey(key);
      objects.set(key, { bytes: Buffer.from(bytes), contentType });
    },
    async get(key) {
      assertMediaKey(key);
      const o = objects.get(key);
      return o
        ? { body: Readable.from([o.bytes]), contentType: o.contentType, size: o.bytes.length }
        : null;
    },
    async delete(prefix) {
      assertMediaKey(prefix);
      for (const key of objects.keys()) if (key.startsWith(`${prefix}/`)) objects.delete(key);
    },
  };
}

export interface S3MediaOptions {
  bucket: string;
  region: string;
  /** MinIO, R2, a local test server…; unset: AWS */
  endpoint?: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (MinIO, most self-hosted servers) instead of the host name */
  forcePathStyle?: boolean | undefined;
}

/**
 * An S3-compatible bucket. GET /media streams objects through the server, so the bucket can stay
 * private. Keys sit under `media/` so the bucket may hold other things.
 */
export function s3MediaStorage(o: S3MediaOptions): MediaStorage & { client: S3Client } {
  const client = new S3Client({
    region: o.region,
    ...(o.endpoint ? { endpoint: o.endpoint } : {}),
    forcePathStyle: o.forcePathStyle ?? false,
    credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey },
  });
  const objectKey = (key: string) => {
    assertMediaKey(key);
    return `media/${key}`;
  };
  return {
    kind: 's3',
    client,
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: o.bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
    },
    async get(key) {
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket: o.bucket, Key: objectKey(key) }),
        );
        if (!res.Body) return null;
        return {
          body: res.Body as Readable,
          contentType: res.ContentType ?? typeOfKey(key),
          size: res.ContentLength,
        };
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey')
          return null;
        throw err;
      }
    },
    async delete(prefix) {
      const Prefix = `${objectKey(prefix)}/`;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: o.bucket, Prefix, ContinuationToken: token }),
        );
        const keys = (page.Contents ?? []).flatMap((c) => (c.Key ? [{ Key: c.Key }] : []));
        if (keys.length)
          await client.send(
            new DeleteObjectsCommand({ Bucket: o.bucket, Delete: { Objects: keys, Quiet: true } }),
          );
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

/** server.ts: S3 when S3_BUCKET is set (env.ts has checked its keys), else `<DATA_DIR>/media`. */
export function mediaStorageFromEnv(
  env: Pick<
    Env,
    | 'DATA_DIR'
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_ENDPOINT'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_FORCE_PATH_STYLE'
  >,
): MediaStorage {
  if (!env.S3_BUCKET) return localMediaStorage(join(env.DATA_DIR, 'media'));
  return s3MediaStorage({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
}

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_MAX_BYTES } from '@store/contracts/admin/products';
import { imageMessages } from './images.service';

/**
 * An upload route's body is the file itself, sent with its own Content-Type (the browser's
 * `fetch(url, { body: file })`); its type is then decided by the bytes, not by that header. Call
 * inside the plugin of the upload routes only: the rest of the API keeps reading JSON alone.
 */
export function acceptImageBodies(app: FastifyInstance): void {
  for (const type of [/^image\/[\w.+-]+$/i, 'application/octet-stream'])
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
}

/** What an upload route declares: its size limit, its 413 in words, the types it consumes. */
export const imageUploadRoute = {
  bodyLimit: IMAGE_MAX_BYTES,
  // the app's handler words 413 for its 100 KB JSON limit; an upload's limit is 10 MB
  errorHandler: (err: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    if (err.statusCode === 413)
      return reply.code(413).send({ error: imageMessages.tooLarge, code: 'body_too_large' });
    throw err;
  },
  consumes: ['image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'],
};

/** The body as bytes, or null when it is empty or not a file (answer 400 notAnImage). */
export const imageBytesOf = (body: unknown): Buffer | null =>
  Buffer.isBuffer(body) && body.length > 0 ? body : null;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@store/contracts/common';
import { uploadedImageSchema } from '@store/contracts/admin/products';
import type { Db } from '../../db/client';
import type { MediaStorage } from '../../lib/media-storage';
import { adminSecurity } from '../../plugins/staff-auth';
import { actorOf } from '../activity/activity.service';
import { acceptImageBodies, imageBytesOf, imageUploadRoute } from './image-body';
import { imageMessages, uploadImage } from './images.service';

const tags = ['admin: images'];

/**
 * POST /admin/images: the body is the file itself, sent with its own Content-Type (the browser's
 * `fetch(url, { body: file })`); the type is then decided by the bytes, not by that header.
 */
export const adminImageRoutes: FastifyPluginAsyncZod<{ db: Db; storage: MediaStorage }> = async (
  app,
  { db, storage },
) => {
  app.addHook('onRequest', app.staffOnly);
  // raw bodies only here: the rest of the API keeps reading JSON alone
  acceptImageBodies(app);

  app.post(
    '/admin/images',
    {
      bodyLimit: imageUploadRoute.bodyLimit,
      errorHandler: imageUploadRoute.errorHandler,
      schema: {
        tags,
        summary:
          'Upload a JPEG, PNG or WebP image (raw body, up to 10 MB, 50 megapixels): stored as WebP and AVIF in widths 320-1280',
        security: adminSecurity,
        consumes: imageUploadRoute.consumes,
        response: {
          201: uploadedImageSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const body = imageBytesOf(request.body);
      if (!body)
        return reply.code(400).send({ error: imageMessages.notAnImage, code: 'bad_request' });
      const uploaded = await uploadImage(db, storage, actorOf(request), body);
      // no catalogue change yet: nothing cached names a new image until a product or category
      // saved with it (whose save clears the caches of every process)
      return reply.code(201).send(uploaded);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema } from '@store/contracts/admin/common';
import {
  adminCategoryListSchema,
  adminCategorySchema,
  categoryFormSchema,
  categoryOrderSchema,
} from '@store/contracts/admin/categories';
import type { Db } from '../../db/client';
import { adminErrors, adminSecurity } from '../../plugins/staff-auth';
import { actorOf } from '../activity/activity.service';
import {
  createCategory,
  deleteCategory,
  listCategories,
  reorderCategories,
  updateCategory,
} from './categories.service';

const tags = ['admin: categories'];
const params = z.object({ id: z.string().max(64) });

/** /admin/categories: create, rename (products follow), image, parents, reorder, delete. */
export const adminCategoryRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.staffOnly);

  app.get(
    '/admin/categories',
    {
      schema: {
        tags,
        summary:
          'The categories in order (the first three are the navigation), with product counts',
        security: adminSecurity,
        response: { 200: adminCategoryListSchema, ...adminErrors },
      },
    },
    async (request) => ({ data: await listCategories(db, request.store.id) }),
  );

  app.post(
    '/admin/categories',
    {
      schema: {
        tags,
        summary: 'Add a category (last in the order)',
        security: adminSecurity,
        body: categoryFormSchema,
        response: { 201: adminCategorySchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const category = await createCategory(db, actorOf(request), request.body);
      app.catalogueChanged();
      return reply.code(201).send(category);
    },
  );

  // registered before /:id so "order" is never read as an id
  app.put(
    '/admin/categories/order',
    {
      schema: {
        tags,
        summary: 'Reorder: every category id, in the new order',
        security: adminSecurity,
        body: categoryOrderSchema,
        response: { 200: adminCategoryListSchema, ...adminErrors },
      },
    },
    async (request) => {
      const data = await reorderCategories(db, actorOf(request), request.body.ids);
      app.catalogueChanged();
      return { data };
    },
  );

  app.put(
    '/admin/categories/:id',
    {
      schema: {
        tags,
        summary: 'Rename (its products move along), set the image or the parent categories',
        security: adminSecurity,
        params,
        body: categoryFormSchema,
        response: { 200: adminCategorySchema, ...adminErrors },
      },
    },
    async (request) => {
      const { category, changed } = await updateCategory(
        db,
        actorOf(request),
        request.params.id,
        request.body,
      );
      if (changed) app.catalogueChanged();
      return category;
    },
  );

  app.delete(
    '/admin/categories/:id',
    {
      schema: {
        tags,
        summary: 'Delete a category no product uses',
        security: adminSecurity,
        params,
        response: { 200: okSchema, ...adminErrors },
      },
    },
    async (request) => {
      await deleteCategory(db, actorOf(request), request.params.id);
      app.catalogueChanged();
      return { ok: true as const };
    },
  );
};

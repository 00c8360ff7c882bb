import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminProductListQuerySchema,
  adminProductListSchema,
  adminProductSchema,
  productDeletedSchema,
  productFormSchema,
  productStockBodySchema,
} from '@store/contracts/admin/products';
import type { Db } from '../../db/client';
import { adminErrors, adminSecurity } from '../../plugins/staff-auth';
import { adminListRoute } from '../../plugins/admin-list-route';
import { actorOf } from '../activity/activity.service';
import {
  deleteProduct,
  getAdminProduct,
  listAdminProducts,
  restoreProduct,
  saveProductForm,
  setProductStock,
} from './admin-products.service';

const tags = ['admin: products'];
// any text: an id that is no uuid is simply not found (404), as on the storefront
const params = z.object({ id: z.string().max(64) });

/** /admin/products: the catalogue's products, for owner and staff. */
export const adminProductRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.staffOnly);

  adminListRoute(
    app,
    {
      path: '/admin/products',
      tags,
      summary: 'Products: search, category, stock and status filters, newest first',
      querystring: adminProductListQuerySchema,
      response: adminProductListSchema,
    },
    (storeId, query) => listAdminProducts(db, storeId, query),
  );

  app.get(
    '/admin/products/:id',
    {
      schema: {
        tags,
        summary: "A product's form values, stock per size and colour, and whether it was ordered",
        security: adminSecurity,
        params,
        response: { 200: adminProductSchema, ...adminErrors },
      },
    },
    (request) => getAdminProduct(db, request.store.id, request.params.id),
  );

  app.post(
    '/admin/products',
    {
      schema: {
        tags,
        summary: 'Create a product (prices in rupees)',
        security: adminSecurity,
        body: productFormSchema,
        response: { 201: adminProductSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const { product } = await saveProductForm(db, actorOf(request), null, request.body);
      app.catalogueChanged();
      return reply.code(201).send(product);
    },
  );

  app.put(
    '/admin/products/:id',
    {
      schema: {
        tags,
        summary: 'Save a product (only changed fields are written and logged)',
        security: adminSecurity,
        params,
        body: productFormSchema,
        response: { 200: adminProductSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { product, changed } = await saveProductForm(
        db,
        actorOf(request),
        request.params.id,
        request.body,
      );
      if (changed) {
        app.catalogueChanged();
        // a restock may have queued "back in stock" e-mails (modules/stock-alerts)
        app.emailQueued();
      }
      return product;
    },
  );

  app.put(
    '/admin/products/:id/stock',
    {
      schema: {
        tags,
        summary: "Set a product's stock (per size and colour when it has them)",
        security: adminSecurity,
        params,
        body: productStockBodySchema,
        response: { 200: adminProductSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { product, changed } = await setProductStock(
        db,
        actorOf(request),
        request.params.id,
        request.body,
      );
      if (changed) {
        app.catalogueChanged();
        // a restock may have queued "back in stock" e-mails (modules/stock-alerts)
        app.emailQueued();
      }
      return product;
    },
  );

  app.delete(
    '/admin/products/:id',
    {
      schema: {
        tags,
        summary: 'Delete a product, or archive it when any order names it',
        security: adminSecurity,
        params,
        response: { 200: productDeletedSchema, ...adminErrors },
      },
    },
    async (request) => {
      const result = await deleteProduct(db, actorOf(request), request.params.id);
      app.catalogueChanged();
      return result;
    },
  );

  app.post(
    '/admin/products/:id/restore',
    {
      schema: {
        tags,
        summary: 'Bring an archived product back (unpublished)',
        security: adminSecurity,
        params,
        response: { 200: adminProductSchema, ...adminErrors },
      },
    },
    async (request) => {
      const product = await restoreProduct(db, actorOf(request), request.params.id);
      app.catalogueChanged();
      return product;
    },
  );
};

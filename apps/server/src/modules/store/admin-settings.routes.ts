import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeSettingsResponseSchema, storeSettingsSchema } from '@store/contracts/admin/settings';
import type { Db } from '../../db/client';
import type { PaymentConfig } from '../payments/payment-config';
import { adminErrors, adminSecurity } from '../../plugins/staff-auth';
import { actorOf } from '../activity/activity.service';
import { getStoreSettings, updateStoreSettings } from './admin-settings.service';

const tags = ['admin: settings'];

/** GET/PUT /admin/settings (owner only): the store's name, contact, images, policies and payments. */
export const adminSettingsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  payments: PaymentConfig;
}> = async (app, { db, payments }) => {
  app.addHook('onRequest', app.staffOnly);

  app.get(
    '/admin/settings',
    {
      onRequest: app.ownerOnly,
      schema: {
        tags,
        summary:
          'Store settings (owner), and the payment methods this server is configured to offer',
        security: adminSecurity,
        response: { 200: storeSettingsResponseSchema, ...adminErrors },
      },
    },
    (request) => getStoreSettings(db, request.store.id, payments),
  );

  app.put(
    '/admin/settings',
    {
      onRequest: app.ownerOnly,
      schema: {
        tags,
        summary:
          'Save the store settings (owner): policies are sanitised; the storefront shows the change at once',
        security: adminSecurity,
        body: storeSettingsSchema.strict(),
        response: { 200: storeSettingsResponseSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { response, changed } = await updateStoreSettings(
        db,
        actorOf(request),
        payments,
        request.body,
      );
      // every process drops its cached store info and store table (catalogue-bus.ts)
      if (changed) app.catalogueChanged();
      return response;
    },
  );
};

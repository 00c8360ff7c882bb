import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffMemberSchema } from '@store/contracts/admin/common';
import { addStaffBodySchema, staffListSchema } from '@store/contracts/admin/people';
import { emailSchema } from '@store/contracts/users';
import type { Db } from '../../db/client';
import { operatorOnly } from '../../lib/operator-token';
import {
  operatorAddStaff,
  operatorDisableStaff,
  operatorListStaff,
} from './operator-staff.service';

/**
 * /operator/staff: how `npm run store -- staff ...` reaches a running server whose embedded
 * database it cannot open, authorised like /operator/orders by the one-minute operator token that
 * only a holder of the server's JWT key can mint. Hidden from the OpenAPI document.
 */
export const operatorStaffRoutes: FastifyPluginAsyncZod<{ db: Db; jwtSecret: Uint8Array }> = async (
  app,
  { db, jwtSecret },
) => {
  app.addHook('onRequest', operatorOnly(jwtSecret));

  app.get(
    '/operator/staff',
    { schema: { hide: true, response: { 200: staffListSchema } } },
    async () => ({ data: await operatorListStaff(db) }),
  );

  app.post(
    '/operator/staff',
    {
      schema: {
        hide: true,
        body: addStaffBodySchema.strict(),
        response: { 201: staffMemberSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await operatorAddStaff(db, request.body)),
  );

  app.post(
    '/operator/staff/disable',
    {
      schema: {
        hide: true,
        body: z.strictObject({ email: emailSchema }),
        response: {
          200: z.object({ member: staffMemberSchema, wasDisabled: z.boolean() }),
        },
      },
    },
    (request) => operatorDisableStaff(db, request.body.email),
  );
};

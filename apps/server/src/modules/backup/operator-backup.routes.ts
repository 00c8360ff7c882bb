import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../lib/errors';
import { operatorOnly } from '../../lib/operator-token';

/**
 * /operator/backup: how `npm run store -- backup <file>` gets a consistent copy of the embedded
 * database while the server holds it (PGlite allows one process, so the CLI cannot open it).
 * Authorised by the one-minute operator token, like /operator/orders. Hidden from the OpenAPI
 * document. `dump` is absent on PostgreSQL, whose backups are pg_dump's (docs/operations.md).
 */
export const operatorBackupRoutes: FastifyPluginAsync<{
  jwtSecret: Uint8Array;
  dump: (() => Promise<Blob>) | undefined;
}> = async (app, { jwtSecret, dump }) => {
  app.addHook('onRequest', operatorOnly(jwtSecret));

  app.get('/operator/backup', { schema: { hide: true } }, async (_request, reply) => {
    if (!dump)
      throw new HttpError(
        409,
        'This server runs on PostgreSQL: back it up with pg_dump (docs/operations.md)',
      );
    const backup = Buffer.from(await (await dump()).arrayBuffer());
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', 'attachment; filename="store-backup.tar.gz"')
      .send(backup);
  });
};

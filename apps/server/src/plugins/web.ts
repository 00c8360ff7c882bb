import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const NOT_FOUND = { error: 'Not found' };

/** Paths the SPA must never answer: the API and the payment sandbox pages. */
const serverOnly = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/sandbox-gateway');

/**
 * Serves the built web app at / (hashed /assets immutable, index.html no-cache) with a fallback
 * to index.html for browser navigations; everything else unknown gets a JSON 404.
 */
export async function registerWeb(app: FastifyInstance, webDistDir: string | null): Promise<void> {
  let indexHtml: string | null = null;
  if (webDistDir) {
    indexHtml = readFileSync(join(webDistDir, 'index.html'), 'utf8');
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      decorateReply: false,
      cacheControl: false,
      setHeaders(res, path) {
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (path.endsWith('.html')) res.header('cache-control', 'no-cache');
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (indexHtml && (request.method === 'GET' || request.method === 'HEAD') && wantsHtml && !serverOnly(path)) {
      return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.code(404).send(NOT_FOUND);
  });
}

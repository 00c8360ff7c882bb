import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMMUTABLE_CACHE_CONTROL } from '../lib/cache-control';

const NOT_FOUND = { error: 'Not found' };

/** Paths the SPA must never answer: the API and the payment sandbox pages. */
const serverOnly = (url: string) =>
  url.startsWith('/api/') || url === '/api' || url.startsWith('/sandbox-gateway');

/**
 * What the built apps may load: their own scripts only (no inline script), inline styles (React
 * style props, the dashboard chart's sizing), images from here, data: URLs or any https CDN a
 * store's catalogue points to, API calls to itself, and forms posted to `formAction`.
 */
const appCsp = (formAction: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');

/**
 * The storefront posts payment forms to itself or PayU's hosted checkout. PayU may answer the post
 * with a redirect inside its own domain, and browsers check redirects after a form post against
 * form-action too.
 */
export const WEB_APP_CSP = appCsp("'self' https://*.payu.in");

/** The back office's policy: the storefront's, except that it posts no form anywhere but here. */
export const ADMIN_APP_CSP = appCsp("'self'");

/** The back office's paths: /admin and below (its API is /api/v1/admin, not here). */
const ADMIN_PREFIX = '/admin';
const isAdminPath = (path: string) => path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`);

/** Cache-Control for a built app's files: hashed assets forever, index.html always revalidated. */
function staticHeaders(csp: string) {
  return (res: { setHeader(name: string, value: string): unknown }, path: string) => {
    if (path.endsWith('.html')) res.setHeader('content-security-policy', csp);
    if (path.includes('/assets/')) res.setHeader('cache-control', IMMUTABLE_CACHE_CONTROL);
    else if (path.endsWith('.html')) res.setHeader('cache-control', 'no-cache');
    else res.setHeader('cache-control', 'public, max-age=3600');
  };
}

/**
 * Serves the built web app at / and the built back office at /admin (hashed assets immutable,
 * index.html no-cache), each with a fallback to its own index.html for browser navigations (the
 * storefront's never answers /admin/*); everything else unknown gets a JSON 404.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDistDir: string | null,
  adminDistDir: string | null = null,
): Promise<void> {
  const indexHtml = webDistDir ? createIndexReader(join(webDistDir, 'index.html')) : null;
  const adminIndexHtml = adminDistDir ? createIndexReader(join(adminDistDir, 'index.html')) : null;
  if (adminDistDir) {
    await app.register(fastifyStatic, {
      root: adminDistDir,
      prefix: `${ADMIN_PREFIX}/`,
      decorateReply: false,
      cacheControl: false,
      setHeaders: staticHeaders(ADMIN_APP_CSP),
    });
  }
  if (webDistDir) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      decorateReply: false,
      cacheControl: false,
      setHeaders: staticHeaders(WEB_APP_CSP),
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    const navigation =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (request.headers.accept ?? '').includes('text/html') &&
      !serverOnly(path);
    const sendIndex = (html: string, csp: string) =>
      reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', csp)
        .send(html);
    if (isAdminPath(path)) {
      if (adminIndexHtml && navigation) return sendIndex(adminIndexHtml(), ADMIN_APP_CSP);
    } else if (indexHtml && navigation) {
      return sendIndex(indexHtml(), WEB_APP_CSP);
    }
    return reply.code(404).send(NOT_FOUND);
  });
}

/**
 * index.html names the hashed bundles of the current build; a rebuild while the server runs must
 * not leave deep links pointing at bundles that no longer exist, so re-read it when it changes.
 */
function createIndexReader(file: string): () => string {
  let cached = { mtimeMs: -1, html: '' };
  return () => {
    try {
      const { mtimeMs } = statSync(file);
      if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    } catch {
      // mid-rebuild the file can be briefly missing: keep serving the last good copy
    }
    return cached.html;
  };
}

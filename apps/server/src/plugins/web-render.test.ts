import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../env';
import { createTestApp, type TestApp } from '../test/test-app';
import { sanitizePolicyHtml } from '../modules/store/admin-settings.service';
import { loadPageRenderer } from './web-render';

// The real server renderer, built by `npm run build -w apps/web` (npm run test:unit builds it first).
const webDistDir = join(serverRoot, '..', 'web', 'dist');
const built = existsSync(join(webDistDir, '..', 'dist-ssr', 'entry-server.js'));

let t: TestApp;
beforeAll(async () => {
  if (built) t = await createTestApp();
});
afterAll(() => t?.close());

const pageRequest = (url: string) =>
  ({ url, headers: { host: 'localhost', accept: 'text/html' }, log: t.app.log }) as FastifyRequest;

describe.skipIf(!built)('server renderer under load', () => {
  it('sends pages client-rendered while the event loop is busy, and renders again after', async () => {
    let busy = true;
    const renderer = (await loadPageRenderer(webDistDir, {
      busy: () => busy,
      sanitizePolicyHtml,
    }))!;
    expect(await renderer.render(t.app, pageRequest('/products'))).toBeNull();
    busy = false;
    const page = await renderer.render(t.app, pageRequest('/products'));
    expect(page?.html).toContain('All Products');
  });

  it('measures its own event loop by default: an idle server renders', async () => {
    const renderer = (await loadPageRenderer(webDistDir, { sanitizePolicyHtml }))!;
    const page = await renderer.render(t.app, pageRequest('/contact'));
    expect(page?.html).toContain('Contact Us');
  });
});

describe.skipIf(!built)('chunks named for preloading', () => {
  it("names the app's chunks and, apart, the page's own, each once", async () => {
    const renderer = (await loadPageRenderer(webDistDir, { sanitizePolicyHtml }))!;
    const page = await renderer.render(t.app, pageRequest('/products'));
    const { app, page: forPage } = JSON.parse(page!.preloads) as { app: string[]; page: string[] };
    // the entry links the app's before it imports the app, so Vite's helper links none itself
    // (app/start.tsx and what it imports are the `app` chunk: vite.config.ts sharedChunkOf)
    expect(app.some((file) => /\/assets\/app-[\w-]+\.js$/.test(file))).toBe(true);
    expect(forPage.some((file) => /\/assets\/products-route-[\w-]+\.js$/.test(file))).toBe(true);
    // nothing a listing does not draw: the other screens' loaders come with the first tap
    expect([...app, ...forPage].some((file) => /other-screens/.test(file))).toBe(false);
    expect(forPage.filter((file) => app.includes(file))).toEqual([]);
    expect(new Set([...app, ...forPage]).size).toBe(app.length + forPage.length);
    for (const file of [...app, ...forPage]) expect(existsSync(join(webDistDir, file))).toBe(true);
  });
});

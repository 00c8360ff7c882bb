import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm, specFormFields } from '../../test/pay-order';
import { createTestApp, type TestApp } from '../../test/test-app';
import { payuEndpoints } from './providers/payu';

// The server's own HTML pages outside the web apps each say which scripts may run: an injected
// <script> (or an onclick attribute) on them must not.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The CSP's directives by name. */
const directives = (header: unknown) =>
  new Map(
    String(header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name, values]),
  );

/** A strict script-src: sources named, never 'unsafe-inline', '*' or a scheme. */
function expectStrictScripts(header: unknown) {
  const scripts = directives(header).get('script-src');
  expect(scripts, String(header)).toBeDefined();
  for (const source of scripts!) {
    expect(source).toMatch(/^'(self|none|sha256-[A-Za-z0-9+/=]+|nonce-[A-Za-z0-9+/=]+)'$/);
  }
  return scripts!;
}

describe('Content-Security-Policy of the server-made pages', () => {
  it('the API docs (Swagger UI) run only their own script files', async () => {
    for (const url of ['/api/v1/docs', '/api/v1/docs/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(400);
      expect(expectStrictScripts(res.headers['content-security-policy'])).toEqual(["'self'"]);
    }
    const page = await t.app.inject({ method: 'GET', url: '/api/v1/docs' });
    // its scripts are files (allowed by 'self'), none inline
    expect(page.body).toContain('<script src=');
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('the sandbox gateway pages run no script', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/sandbox-gateway/pay?paymentId=unknown&token=forged',
    });
    expect(res.headers['content-type']).toContain('text/html');
    expect(expectStrictScripts(res.headers['content-security-policy'])).toEqual(["'none'"]);
    expect(directives(res.headers['content-security-policy']).get('form-action')).toEqual([
      "'self'",
    ]);
  });

  it('the PayU bounce page runs only its own inline script, allowed by its hash', async () => {
    const res = await postForm(
      t.app,
      '/api/v1/payments/bounce',
      specFormFields({ type: 'redirect_post', url: payuEndpoints.test, data: { key: 'k1' } }),
    );
    expect(res.statusCode).toBe(200);
    const scripts = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(1);
    const hash = createHash('sha256').update(scripts[0]!).digest('base64');
    const csp = res.headers['content-security-policy'];
    expect(expectStrictScripts(csp)).toEqual([`'sha256-${hash}'`]);
    expect(directives(csp).get('form-action')).toContain('https://*.payu.in');
    // the same page posts Razorpay's hosted checkout form (razorpay-provider.ts)
    expect(directives(csp).get('form-action')).toContain('https://api.razorpay.com');
  });
});

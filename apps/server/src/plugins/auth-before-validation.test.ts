import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff } from '../test/staff';
import { createTestApp, type TestApp } from '../test/test-app';

// A stranger must not learn how a signed-in route validates its input: the token is checked
// before the body, query or path, so a bad token and a bad request answer 401, not 400.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Operation {
  security?: unknown[];
  requestBody?: unknown;
}

async function securedRoutes() {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' });
  const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => (op.security?.length ?? 0) > 0)
      .map(([method, op]) => ({ method: method.toUpperCase(), path, hasBody: !!op.requestBody })),
  );
}

const invalid = (path: string) =>
  // every path parameter and the usual query parameters broken, and one unknown
  `${path.replace(/\{[^}]+\}/g, '!!not-an-id!!')}?page=minus-one&limit=x&status=99&nonsense=1`;

describe('a signed-in route sent a bad token and an invalid request', () => {
  it('answers 401 before validating anything (POST /orders answered 400 with the fields)', async () => {
    const routes = await securedRoutes();
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/v1/orders', hasBody: true });
    for (const { method, path, hasBody } of routes) {
      const res = await t.app.inject({
        method: method as 'GET',
        url: invalid(path),
        headers: { authorization: 'Bearer not-a-token' },
        ...(hasBody ? { payload: { products: 'none', nonsense: true } } : {}),
      });
      expect(`${method} ${path} ${res.statusCode}`).toBe(`${method} ${path} 401`);
      expect(res.json(), `${method} ${path}`).not.toHaveProperty('fields');
    }
  });

  it('answers 403 to a staff member who is not the owner, before the owner-only body is read', async () => {
    const staff = await signInStaff(t.app, t.db, 'staff');
    for (const [method, url] of [
      ['PUT', '/api/v1/admin/settings'],
      ['POST', '/api/v1/admin/staff'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: staff.headers,
        payload: { nonsense: true },
      });
      expect(`${method} ${url} ${res.statusCode}`).toBe(`${method} ${url} 403`);
    }
  });
});

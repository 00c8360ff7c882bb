import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff, type SignedInStaff } from '../test/staff';
import { createTestApp, type TestApp } from '../test/test-app';

/** Every back-office list drawn by adminListRoute: the same paging, refusals and API docs. */
const lists = [
  '/admin/orders',
  '/admin/returns',
  '/admin/products',
  '/admin/reviews',
  '/admin/messages',
  '/admin/newsletter',
  '/admin/customers',
  '/admin/discounts',
  '/admin/activity',
];

let t: TestApp;
let staff: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signInStaff(t.app, t.db, 'staff');
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = staff.headers) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

describe('the back office’s lists', () => {
  it.each(lists)('%s answers one page for staff, and asks for a session first', async (path) => {
    const page = await get(`${path}?page=1&limit=5`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ page: 1, limit: 5, total: expect.any(Number) });
    expect(page.json().data.length).toBeLessThanOrEqual(5);

    const anonymous = await get(path, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
  });

  it.each(lists)('%s refuses a page out of range with a 400 that names the field', async (path) => {
    const res = await get(`${path}?page=0`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: expect.any(String),
      fields: { page: expect.any(String) },
    });
  });

  it('documents each with its query, the staff session and the staff errors', async () => {
    const doc = (await get('/docs/json', {})).json();
    for (const path of lists) {
      const op = doc.paths[`/api/v1${path}`].get;
      expect(op.security, path).toEqual([{ bearerAuth: [] }]);
      expect(
        op.parameters.map((p: { name: string }) => p.name),
        path,
      ).toEqual(expect.arrayContaining(['page', 'limit']));
      expect(Object.keys(op.responses).sort(), path).toEqual([
        '200',
        '400',
        '401',
        '403',
        '404',
        '409',
      ]);
    }
  });
});

import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getSession, setSession } from '@/state/session';
import { sessionFixture } from '@/test/fixtures';
import { ADMIN_API, server } from '@/test/msw-server';
import { adminRequest, ApiError } from '@/lib/api-client';

describe("adminRequest with this tab's session", () => {
  it('sends the staff token and drops blank query values', async () => {
    setSession(sessionFixture('staff'));
    let seen: { auth: string | null; url: string } | undefined;
    server.use(
      http.get(`${ADMIN_API}/orders`, ({ request }) => {
        seen = { auth: request.headers.get('authorization'), url: request.url };
        return HttpResponse.json({ ok: true });
      }),
    );
    await adminRequest('/orders', { query: { q: '', status: 'shipped', page: 1 } });
    expect(seen?.auth).toBe('Bearer token-staff');
    expect(new URL(seen!.url).search).toBe('?status=shipped&page=1');
  });

  it('a 401 on a signed-in request ends the session', async () => {
    setSession(sessionFixture('owner'));
    server.use(
      http.get(`${ADMIN_API}/dashboard`, () =>
        HttpResponse.json({ error: 'Sign in to the back office' }, { status: 401 }),
      ),
    );
    await expect(adminRequest('/dashboard')).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(window.sessionStorage.getItem('admin_session')).toBeNull();
  });

  it("carries the server's error and fields", async () => {
    server.use(
      http.post(`${ADMIN_API}/staff`, () =>
        HttpResponse.json(
          { error: 'Invalid input', fields: { email: 'Already a staff member' } },
          { status: 409 },
        ),
      ),
    );
    const error = await adminRequest<never>('/staff', { method: 'POST', body: {} }).catch(
      (e: unknown) => e as ApiError,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Invalid input');
    expect(error.fields).toEqual({ email: 'Already a staff member' });
  });
});

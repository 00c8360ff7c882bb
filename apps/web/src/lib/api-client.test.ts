import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, server } from '@/test/msw-server';
import { ApiError, apiRequest, buildUrl } from './api-client';
import { getAuthToken, setAuthToken } from './cookies';

describe('api client', () => {
  it('builds URLs on the page origin and drops empty query values', () => {
    expect(buildUrl('/products', { page: 1, category: '', gender: undefined })).toBe(
      `${API}/products?page=1`,
    );
  });

  it('repeats a parameter given as a list', () => {
    expect(buildUrl('/products', { color: ['Black', 'Navy Blue', ''], size: [] })).toBe(
      `${API}/products?color=Black&color=Navy+Blue`,
    );
  });

  it('sends the Bearer token, the dev store domain and cookies', async () => {
    setAuthToken('tok');
    let seen: Headers | undefined;
    server.use(
      http.get(`${API}/ping`, ({ request }) => {
        seen = request.headers;
        return HttpResponse.json({ ok: true });
      }),
    );
    await expect(apiRequest('/ping')).resolves.toEqual({ ok: true });
    expect(seen?.get('authorization')).toBe('Bearer tok');
    expect(seen?.get('x-store-domain')).toBe('kagazkalam.in');
  });

  it('errors carry status, error and fields; a 401 deletes the cookie', async () => {
    setAuthToken('tok');
    server.use(
      http.get(`${API}/secret`, () =>
        HttpResponse.json({ error: 'Unauthorized' }, { status: 401 }),
      ),
    );
    const error = await apiRequest('/secret').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Unauthorized' });
    expect(getAuthToken()).toBeUndefined();

    server.use(
      http.post(`${API}/orders`, () =>
        HttpResponse.json({ error: 'Bad', fields: { city: 'Required' } }, { status: 400 }),
      ),
    );
    await expect(apiRequest('/orders', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 400,
      fields: { city: 'Required' },
    });
  });

  it('no response gives status 0', async () => {
    server.use(http.get(`${API}/down`, () => HttpResponse.error()));
    await expect(apiRequest('/down')).rejects.toMatchObject({
      status: 0,
      message: 'No response from server. Please try again later.',
    });
  });
});

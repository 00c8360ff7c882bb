import { describe, expect, it, vi } from 'vitest';
import { createApiClient, devStoreHeaders, type ApiTransport } from './api-client';
import { ApiError } from './api-errors';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-total-count': '7' },
  });

function client(
  transport: ApiTransport,
  extra: Partial<Parameters<typeof createApiClient>[0]> = {},
) {
  return createApiClient({ baseUrl: () => 'http://shop.test/api/v1', transport, ...extra });
}

describe('createApiClient', () => {
  it('sends JSON with the headers, token and query it was given', async () => {
    const transport = vi.fn<ApiTransport>(async () => json(200, { ok: true }));
    const api = client(transport, {
      headers: () => devStoreHeaders('localhost'),
      token: () => 'tok',
      credentials: 'include',
    });
    const answer = await api.requestWithHeaders('/orders', {
      method: 'POST',
      body: { a: 1 },
      query: { color: ['Black', 'Navy Blue'], page: 2, q: '', skip: undefined },
    });
    expect(answer.body).toEqual({ ok: true });
    expect(answer.headers.get('x-total-count')).toBe('7');
    const [url, init] = transport.mock.calls[0]!;
    expect(url).toBe('http://shop.test/api/v1/orders?color=Black&color=Navy+Blue&page=2');
    expect(init).toMatchObject({ method: 'POST', body: '{"a":1}', credentials: 'include' });
    expect(init.headers).toEqual({
      Accept: 'application/json',
      'X-Store-Domain': 'kagazkalam.in',
      Authorization: 'Bearer tok',
      'Content-Type': 'application/json',
    });
  });

  it('names the store only from localhost', () => {
    expect(devStoreHeaders('127.0.0.1')).toEqual({ 'X-Store-Domain': 'kagazkalam.in' });
    expect(devStoreHeaders('kagazkalam.in')).toEqual({});
  });

  it("throws the server's error, code and fields", async () => {
    const api = client(async () =>
      json(409, {
        error: 'Only 2 of Spiral Notebook are left',
        code: 'out_of_stock',
        fields: { 'lines.0': 'Only 2 of Spiral Notebook are left' },
      }),
    );
    const error = await api.request('/orders').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'out_of_stock',
      message: 'Only 2 of Spiral Notebook are left',
      fields: { 'lines.0': 'Only 2 of Spiral Notebook are left' },
    });
    expect((error as ApiError).serverText).toBe('Only 2 of Spiral Notebook are left');
  });

  it("falls back to the status's code and a message of its own for a body that is not the API's", async () => {
    const api = client(async () => new Response('<h1>Bad gateway</h1>', { status: 502 }), {
      failedMessage: (status) => `The server answered ${status}`,
    });
    const error = (await api.request('/x').catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 502, code: 'bad_gateway' });
    expect(error.message).toBe('The server answered 502');
    expect(error.serverText).toBeUndefined();
  });

  it('calls onUnauthorized only when a signed-in request is refused with 401', async () => {
    const onUnauthorized = vi.fn();
    const refuse = async () => json(401, { error: 'Please log in', code: 'unauthenticated' });
    await client(refuse, { onUnauthorized })
      .request('/me')
      .catch(() => {});
    expect(onUnauthorized).not.toHaveBeenCalled();
    await client(refuse, { onUnauthorized, token: () => 't' })
      .request('/me')
      .catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('turns a network failure into status 0 and keeps an abort an abort', async () => {
    const down = client(async () => Promise.reject(new TypeError('fetch failed')), {
      noResponseMessage: 'Cannot reach the server.',
    });
    const error = (await down.request('/x').catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 0, code: 'no_response', noResponse: true });
    expect(error.message).toBe('Cannot reach the server.');
    const abort = new DOMException('aborted', 'AbortError');
    const aborted = client(async () => Promise.reject(abort));
    await expect(aborted.request('/x')).rejects.toBe(abort);
  });

  it('sends a Blob as it is, with its own type', async () => {
    const transport = vi.fn<ApiTransport>(async () => json(201, {}));
    const image = new Blob(['png'], { type: 'image/png' });
    await client(transport).fetch('/admin/images', { method: 'POST', body: image });
    const init = transport.mock.calls[0]![1];
    expect(init.body).toBe(image);
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('image/png');
  });
});

// The one HTTP client of /api/v1, for the storefront, the back office and the server renderer.
// No zod and no framework: what differs between them (where the API is, how a request travels,
// the token, the store's domain on localhost, what a 401 does) comes in as options.
import { ApiError, apiErrorFrom } from './api-errors';

/**
 * Store domain sent on localhost (spec section 7: the Host is a fixed development domain), so the
 * server resolves the demo store even though the browser talks to localhost.
 */
export const DEV_STORE_DOMAIN = 'kagazkalam.in';

export function isLocalhost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** `X-Store-Domain` when the page is on localhost, else nothing (the Host names the store). */
export function devStoreHeaders(hostname: string): Record<string, string> {
  return isLocalhost(hostname) ? { 'X-Store-Domain': DEV_STORE_DOMAIN } : {};
}

/** How a request travels: fetch in a browser, the store's own inject in the server renderer. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

export type QueryValue = string | number | boolean | null | undefined;
/** A list is sent as a repeated parameter (`color=Black&color=Navy%20Blue`). */
export type QueryParam = QueryValue | readonly QueryValue[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** query parameters; null, undefined and '' are left out */
  query?: Record<string, QueryParam>;
  /** JSON, or a Blob/File sent as it is with its own Content-Type (POST /admin/images) */
  body?: unknown;
  signal?: AbortSignal;
  /** extra request headers, e.g. Idempotency-Key */
  headers?: Record<string, string>;
  /** the Accept header; JSON unless a download asks for something else */
  accept?: string;
}

/** A response body with its headers (for paging: X-Total-Count, Link). */
export interface ApiResponse<T> {
  body: T;
  headers: Headers;
}

export interface ApiClientOptions {
  /** The API's root, e.g. `https://shop.example/api/v1`; read per request (the page may move). */
  baseUrl: () => string;
  /** default: the global fetch */
  transport?: ApiTransport;
  /** Headers every request carries (the store domain on localhost); read per request. */
  headers?: () => Record<string, string>;
  /** The Bearer token, when signed in; read per request. */
  token?: () => string | undefined;
  /** A signed-in request answered 401: the session ended (the caller signs out). */
  onUnauthorized?: () => void;
  /** fetch's credentials mode (the storefront sends its cookies) */
  credentials?: RequestCredentials;
  /** the message of an ApiError when no answer came */
  noResponseMessage?: string;
  /** the message of an ApiError whose body had no `error` */
  failedMessage?: (status: number) => string;
}

export interface ApiClient {
  /** The URL of `path` under the API root with `query` added. */
  url(path: string, query?: Record<string, QueryParam>): string;
  /** The response as it came (for files); throws ApiError on any failure. */
  fetch(path: string, options?: RequestOptions): Promise<Response>;
  /** JSON in and out; throws ApiError on any failure. */
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /** request that also hands back the response headers. */
  requestWithHeaders<T>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isAbort(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'AbortError'
  );
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const noResponse =
    options.noResponseMessage ?? 'No response from server. Please try again later.';
  const failed = options.failedMessage ?? ((status) => `Request failed with status ${status}`);

  function url(path: string, query?: Record<string, QueryParam>): string {
    const target = new URL(`${options.baseUrl()}${path.startsWith('/') ? path : `/${path}`}`);
    for (const [key, param] of Object.entries(query ?? {})) {
      for (const value of Array.isArray(param) ? param : [param]) {
        if (value === undefined || value === null || value === '') continue;
        target.searchParams.append(key, String(value));
      }
    }
    return target.toString();
  }

  async function send(path: string, request: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = {
      Accept: request.accept ?? 'application/json',
      ...options.headers?.(),
      ...request.headers,
    };
    const token = options.token?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    const raw = typeof Blob !== 'undefined' && request.body instanceof Blob;
    if (request.body !== undefined)
      headers['Content-Type'] = raw
        ? (request.body as Blob).type || 'application/octet-stream'
        : 'application/json';

    let response: Response;
    try {
      response = await (options.transport ?? fetch)(url(path, request.query), {
        method: request.method ?? 'GET',
        headers,
        body:
          request.body === undefined
            ? undefined
            : raw
              ? (request.body as Blob)
              : JSON.stringify(request.body),
        ...(options.credentials ? { credentials: options.credentials } : {}),
        signal: request.signal,
      });
    } catch (cause) {
      // an abort is the caller's own doing: it stays an abort, not a failure to show
      if (isAbort(cause)) throw cause;
      throw new ApiError(0, noResponse);
    }
    if (!response.ok) {
      const body = parseBody(await response.text());
      if (response.status === 401 && token) options.onUnauthorized?.();
      throw apiErrorFrom(response.status, body, failed(response.status));
    }
    return response;
  }

  async function requestWithHeaders<T>(
    path: string,
    request: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const response = await send(path, request);
    return { body: parseBody(await response.text()) as T, headers: response.headers };
  }

  return {
    url,
    fetch: send,
    requestWithHeaders,
    request: async <T>(path: string, request?: RequestOptions) =>
      (await requestWithHeaders<T>(path, request)).body,
  };
}

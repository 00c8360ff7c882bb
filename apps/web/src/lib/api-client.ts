import { clearAuthToken, getAuthToken } from './cookies';

/**
 * Store domain sent on localhost (spec section 7: the Host is a fixed development domain), so the
 * server resolves the demo store even though the browser talks to localhost.
 */
export const DEV_STORE_DOMAIN = 'kagazkalam.in';

/** Rendering on the server (entry-server.tsx): no window, document or cookies. */
export const onServer = typeof window === 'undefined';

export function isLocalhost(hostname = onServer ? '' : window.location.hostname): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/**
 * Where an API call goes. The browser uses fetch; the server's renderer (entry-server.tsx) answers
 * the same calls inside the store server, for the store the page's request named.
 */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (url, init) => fetch(url, init);

/** Replaces fetch for every API call (the server renderer; once, at its start). */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/** The origin the server renderer's calls are written against; its transport takes the path. */
export const SERVER_API_ORIGIN = 'http://render.invalid';

/** The store server serves both the app and the API, so the API lives on the page's origin. */
export function apiBaseUrl(): string {
  return `${onServer ? SERVER_API_ORIGIN : window.location.origin}/api/v1`;
}

/** Headers every call carries (also shown on /api-test). */
export function storeHeaders(): Record<string, string> {
  return isLocalhost() ? { 'X-Store-Domain': DEV_STORE_DOMAIN } : {};
}

/** An API failure: HTTP status (0 when there was no response), the server's `error` and `fields`. */
export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly body: unknown;

  constructor(status: number, message: string, fields?: Record<string, string>, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
    this.body = body;
  }

  /** true when the request never got an answer (network down, CORS, aborted) */
  get noResponse(): boolean {
    return this.status === 0;
  }
}

/** The `error` text of the server's error body, when the server sent one. */
export function serverErrorText(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object')
    return undefined;
  const text = (error.body as { error?: unknown }).error;
  return typeof text === 'string' && text.trim() ? text : undefined;
}

/** Fired after a 401 removed the token, so the session state can follow the cookie. */
export const AUTH_CLEARED_EVENT = 'store:auth-cleared';

export type QueryValue = string | number | boolean | null | undefined;
/** A list is sent as a repeated parameter (`color=Black&color=Navy%20Blue`). */
export type QueryParam = QueryValue | readonly QueryValue[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** query parameters; null, undefined and '' are left out */
  query?: Record<string, QueryParam>;
  /** JSON body */
  body?: unknown;
  signal?: AbortSignal;
  /** extra request headers, e.g. Idempotency-Key */
  headers?: Record<string, string>;
}

/** A response body with its headers (for paging: X-Total-Count, Link). */
export interface ApiResponse<T> {
  body: T;
  headers: Headers;
}

export function buildUrl(path: string, query?: Record<string, QueryParam>): string {
  const url = new URL(`${apiBaseUrl()}${path.startsWith('/') ? path : `/${path}`}`);
  for (const [key, param] of Object.entries(query ?? {})) {
    for (const value of Array.isArray(param) ? param : [param]) {
      if (value === undefined || value === null || value === '') continue;
      url.searchParams.append(key, String(value));
    }
  }
  return url.toString();
}

function readErrorBody(body: unknown): { error?: string; fields?: Record<string, string> } {
  if (body && typeof body === 'object') {
    const { error, fields } = body as { error?: unknown; fields?: unknown };
    return {
      error: typeof error === 'string' ? error : undefined,
      fields: fields && typeof fields === 'object' ? (fields as Record<string, string>) : undefined,
    };
  }
  return {};
}

/**
 * fetch wrapper for /api/v1: JSON in and out, cookies included, Bearer token from the auth_token
 * cookie, and a 401 signs the browser out (spec section 4). Throws ApiError on any failure.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequestWithHeaders<T>(path, options)).body;
}

/** apiRequest that also hands back the response headers. */
export async function apiRequestWithHeaders<T>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...storeHeaders(),
    ...options.headers,
  };
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await transport(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'No response from server. Please try again later.');
  }

  const text = await response.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }

  if (!response.ok) {
    if (response.status === 401 && token && !onServer) {
      clearAuthToken();
      window.dispatchEvent(new Event(AUTH_CLEARED_EVENT));
    }
    const { error, fields } = readErrorBody(body);
    throw new ApiError(
      response.status,
      error ?? `Request failed with status ${response.status}`,
      fields,
      body,
    );
  }
  return { body: body as T, headers: response.headers };
}

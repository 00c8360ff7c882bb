// The storefront's face of the shared API client (@store/contracts/api-client): where the API is
// for a page in the browser or in the server renderer, the auth cookie, and signing out on 401.
// The exports stay as they were, so the features, the tests and entry-server.tsx keep using them.
import {
  createApiClient,
  devStoreHeaders,
  isLocalhost as isLocalHostname,
  type ApiTransport,
  type QueryParam,
  type RequestOptions,
} from '@store/contracts/api-client';
import { ApiError } from '@store/contracts/api-errors';
import { AUTH_CLEARED_EVENT, clearAuthToken, getAuthToken } from './cookies';

export { DEV_STORE_DOMAIN } from '@store/contracts/api-client';
export type {
  ApiResponse,
  ApiTransport,
  QueryParam,
  QueryValue,
  RequestOptions,
} from '@store/contracts/api-client';
export { ApiError } from '@store/contracts/api-errors';
export type { ApiErrorCode } from '@store/contracts/api-errors';

/** Rendering on the server (entry-server.tsx): no window, document or cookies. */
export const onServer = typeof window === 'undefined';

export function isLocalhost(hostname = onServer ? '' : window.location.hostname): boolean {
  return isLocalHostname(hostname);
}

/**
 * Where an API call goes. The browser uses fetch; the server's renderer (entry-server.tsx) answers
 * the same calls inside the store server, for the store the page's request named.
 */
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
  return onServer ? {} : devStoreHeaders(window.location.hostname);
}

/** The `error` text of the server's error body, when the server sent one. */
export function serverErrorText(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverText : undefined;
}

const client = createApiClient({
  baseUrl: apiBaseUrl,
  // read at each call: setApiTransport may swap it after this module loaded
  transport: (url, init) => transport(url, init),
  headers: storeHeaders,
  token: getAuthToken,
  onUnauthorized: () => {
    if (onServer) return;
    clearAuthToken();
    window.dispatchEvent(new Event(AUTH_CLEARED_EVENT));
  },
  credentials: 'include',
  noResponseMessage: 'No response from server. Please try again later.',
  failedMessage: (status) => `Request failed with status ${status}`,
});

export function buildUrl(path: string, query?: Record<string, QueryParam>): string {
  return client.url(path, query);
}

/**
 * fetch wrapper for /api/v1: JSON in and out, cookies included, Bearer token from the auth_token
 * cookie, and a 401 signs the browser out (spec section 4). Throws ApiError on any failure.
 */
export const apiRequest = client.request;

/** apiRequest that also hands back the response headers. */
export const apiRequestWithHeaders = client.requestWithHeaders;

/** The response as it came (a document download); throws ApiError on any failure. */
export const apiFetch: (path: string, options?: RequestOptions) => Promise<Response> = client.fetch;

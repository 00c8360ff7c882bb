import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import {
  createApiClient,
  devStoreHeaders,
  type QueryValue,
  type RequestOptions,
} from '@store/contracts/api-client';
import { ApiError } from '@store/contracts/api-errors';

export { ApiError } from '@store/contracts/api-errors';
export type { ApiErrorCode } from '@store/contracts/api-errors';
export type { QueryValue } from '@store/contracts/api-client';

/**
 * Where the client reads the staff token and what it does when the server ends the session. The
 * session lives in state/ (shared code imports no state): main.tsx and the tests wire it in.
 */
export interface SessionHooks {
  token: () => string | undefined;
  onUnauthorized: () => void;
}
let sessionHooks: SessionHooks = { token: () => undefined, onUnauthorized: () => {} };
export function connectSession(hooks: SessionHooks): void {
  sessionHooks = hooks;
}

export interface AdminRequestOptions {
  method?: RequestOptions['method'];
  /** query parameters; null, undefined and '' are left out */
  query?: Record<string, QueryValue>;
  /** JSON, or a Blob/File sent as it is with its own Content-Type (POST /admin/images) */
  body?: unknown;
  signal?: AbortSignal;
  /** extra request headers, e.g. Idempotency-Key */
  headers?: Record<string, string>;
}

/**
 * The shared client for /api/v1/admin with the staff Bearer token. A 401 on a signed-in request
 * means the session ended (expired, signed out elsewhere, staff disabled): the session is
 * cleared, and the session guard sends the browser to /admin/login.
 */
const client = createApiClient({
  baseUrl: () => `${window.location.origin}/api/v1/admin`,
  // fetch looked up at each call, so a test's stub of the global is the one used
  transport: (url, init) => fetch(url, init),
  headers: () => devStoreHeaders(window.location.hostname),
  token: () => sessionHooks.token(),
  onUnauthorized: () => sessionHooks.onUnauthorized(),
  noResponseMessage: 'Cannot reach the server. Check the connection and try again.',
  failedMessage: (status) => `The server answered ${status}`,
});

export function adminUrl(path: string, query?: Record<string, QueryValue>): string {
  return client.url(path, query);
}

/**
 * fetch for /api/v1/admin: a JSON or Blob body, the answer as it came. Throws ApiError on any
 * failure, with the server's `{ error, code, fields }`.
 */
export function adminFetch(
  path: string,
  options: AdminRequestOptions & { accept?: string } = {},
): Promise<Response> {
  return client.fetch(path, options);
}

/** JSON in and out: adminFetch, its answer parsed (undefined when empty). */
export function adminRequest<T>(path: string, options: AdminRequestOptions = {}): Promise<T> {
  return client.request<T>(path, options);
}

/** The message to show for a failed request. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Try again.';
}

/**
 * Puts the server's `fields` messages on the form's fields (only those the form has) and answers
 * the message left for the form as a whole (null when every problem landed on a field).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly string[],
): string | null {
  if (!(error instanceof ApiError)) return errorMessage(error);
  let unplaced = false;
  let focused = false;
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    const name = fieldNames.find((f) => f === field || field.startsWith(`${f}.`));
    if (name) {
      // the first marked field takes the focus: Save may be a long page away from it
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    } else unplaced = true;
  }
  return !error.fields || unplaced ? error.message : null;
}

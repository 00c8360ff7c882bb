import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** The storefront's fixed development domain, sent from localhost as apps/web does. */
const DEV_STORE_DOMAIN = 'kagazkalam.in';

function isLocalhost(hostname = window.location.hostname): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** An API failure: the HTTP status (0 when there was no answer), the server's `error` and `fields`. */
export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
  }
}

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

export type QueryValue = string | number | boolean | null | undefined;

export interface AdminRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** query parameters; null, undefined and '' are left out */
  query?: Record<string, QueryValue>;
  /** JSON, or a Blob/File sent as it is with its own Content-Type (POST /admin/images) */
  body?: unknown;
  signal?: AbortSignal;
}

export function adminUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(`${window.location.origin}/api/v1/admin${path}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/**
 * fetch for /api/v1/admin with the staff Bearer token: a JSON or Blob body, the answer as it came.
 * A 401 on a signed-in request means the session ended (expired, signed out elsewhere, staff
 * disabled): the session is cleared, and the session guard sends the browser to /admin/login.
 * Throws ApiError on any failure, with the server's `{ error, fields }`.
 */
export async function adminFetch(
  path: string,
  options: AdminRequestOptions & { accept?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
  if (isLocalhost()) headers['X-Store-Domain'] = DEV_STORE_DOMAIN;
  const token = sessionHooks.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  const raw = options.body instanceof Blob;
  if (options.body !== undefined)
    headers['Content-Type'] = raw
      ? (options.body as Blob).type || 'application/octet-stream'
      : 'application/json';

  let response: Response;
  try {
    response = await fetch(adminUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined
          ? undefined
          : raw
            ? (options.body as Blob)
            : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Cannot reach the server. Check the connection and try again.');
  }
  if (!response.ok) {
    const { error, fields } = (parseJson(await response.text()) ?? {}) as {
      error?: unknown;
      fields?: unknown;
    };
    if (response.status === 401 && token) sessionHooks.onUnauthorized();
    throw new ApiError(
      response.status,
      typeof error === 'string' && error ? error : `The server answered ${response.status}`,
      fields && typeof fields === 'object' ? (fields as Record<string, string>) : undefined,
    );
  }
  return response;
}

/** JSON in and out: adminFetch, its answer parsed (undefined when empty or not JSON). */
export async function adminRequest<T>(path: string, options: AdminRequestOptions = {}): Promise<T> {
  const response = await adminFetch(path, options);
  return parseJson(await response.text()) as T;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
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

// The API's error vocabulary, shared by the server that sends it and every client that reads it.
// Plain constants and a class, no zod: the storefront's entry chunk imports it through its API
// client, and a shopper's phone should not download a validation library to read an error.

/**
 * Every error body's machine-readable `code`, beside its human `error` (and `fields` when inputs
 * were wrong). Clients branch on these, never on the wording, which is the spec's and may change.
 * The generic codes follow the HTTP status; the specific ones are what a client acts on.
 */
export const apiErrorCodes = [
  // generic, one per status the API answers with
  'bad_request',
  'unauthenticated',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'request_timeout',
  'conflict',
  'gone',
  'body_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'unprocessable',
  'rate_limited',
  'headers_too_large',
  'internal',
  'bad_gateway',
  'unavailable',
  // the request itself
  'invalid_input', // schema validation: `fields` names each wrong input
  'malformed_json',
  'invalid_value', // a value the database refused (out of range, bad encoding)
  'invalid_address', // the URL could not be read
  // the store and the process
  'store_not_set_up',
  'database_unavailable',
  'shutting_down',
  'worker_only',
  'metrics_token_required',
  'metrics_local_only',
  // shoppers and orders
  'email_taken',
  'cart_refused', // a line the store cannot sell as asked: unknown product, size/colour, too many lines
  // a line wants more than is left: `fields` names each line (lines.<i> / products.<id>) with the
  // message, and `<that key>.available` with the units left ("0" when sold out)
  'out_of_stock',
  'fair_stock_limit', // the shopper's cap on unpaid orders or units held
  'cod_refused', // cash on delivery not for this order (limit, PIN, off): `fields` names the method field
  // the Coupon code does not apply (unknown, expired, used up, minimum order…): `fields.couponCode`
  // has the reason's sentence and `fields['couponCode.reason']` its code (contracts/discounts.ts)
  'coupon_refused',
  // the back office
  'too_many_rows', // an export matches more rows than one file holds: a shorter date range
  // after the sale (modules/returns): the shopper's cancel of an order that has left or is being
  // paid; a return request the order does not allow (window, quantities, state)
  'order_not_cancellable',
  'return_refused',
  // "Notify me" asked of a product or variant that can be bought now (modules/stock-alerts)
  'in_stock',
  // reviews (modules/reviews): only a shopper with a Delivered line of the product may review it,
  // once per product
  'review_not_allowed',
  'review_exists',
  // a payment link (the back office's New order): tampered with or for another order; past its
  // order's pay window (contracts/payments.ts payLinkMessages)
  'pay_link_invalid',
  'pay_link_expired',
  // cash on delivery that checks first (contracts/cod-codes.ts): the code typed is not the one
  // sent, or has lapsed or been tried too often (ask for a new one); staff cannot ship an order
  // whose code the shopper has not given
  'cod_code_wrong',
  'cod_code_expired',
  'cod_code_needed',
] as const;

export type ApiErrorCode = (typeof apiErrorCodes)[number];

const codeSet: ReadonlySet<string> = new Set(apiErrorCodes);
export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && codeSet.has(value);
}

const statusCodes: Record<number, ApiErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  409: 'conflict',
  410: 'gone',
  413: 'body_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  431: 'headers_too_large',
  500: 'internal',
  502: 'bad_gateway',
  503: 'unavailable',
};

/** The generic code of an HTTP status (a 4xx without its own is bad_request, a 5xx internal). */
export function codeForStatus(status: number): ApiErrorCode {
  return statusCodes[status] ?? (status >= 500 ? 'internal' : 'bad_request');
}

/** The body of every API error. */
export interface ApiErrorBody {
  error: string;
  code: ApiErrorCode;
  /** input name (dotted path) → what is wrong with it */
  fields?: Record<string, string>;
}

/** `{ error, code, fields? }` for a reply. */
export function errorBody(
  error: string,
  code: ApiErrorCode,
  fields?: Record<string, string>,
): ApiErrorBody {
  return fields ? { error, code, fields } : { error, code };
}

/** The code of a response with no JSON error body of its own (a proxy's page, an empty 502). */
const NO_RESPONSE_CODE = 'no_response';

/**
 * An API failure as a client sees it: the HTTP status (0 when there was no answer), the server's
 * `error` as the message, its `code` and `fields`, and the body as it came.
 */
export class ApiError extends Error {
  readonly status: number;
  /** the server's code; a status's generic code when the body had none; 'no_response' at status 0 */
  readonly code: ApiErrorCode | typeof NO_RESPONSE_CODE;
  readonly fields: Record<string, string> | undefined;
  readonly body: unknown;

  constructor(
    status: number,
    message: string,
    options: { code?: ApiErrorCode; fields?: Record<string, string>; body?: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = status === 0 ? NO_RESPONSE_CODE : (options.code ?? codeForStatus(status));
    this.fields = options.fields;
    this.body = options.body;
  }

  /** true when the request never got an answer (network down, CORS, aborted) */
  get noResponse(): boolean {
    return this.status === 0;
  }

  /** The server's own `error` text, when it sent one (not a fallback made up here). */
  get serverText(): string | undefined {
    return readErrorBody(this.body).error;
  }
}

/** What an error body holds, each part only when it has the right shape. */
export function readErrorBody(body: unknown): {
  error?: string;
  code?: ApiErrorCode;
  fields?: Record<string, string>;
} {
  if (!body || typeof body !== 'object') return {};
  const { error, code, fields } = body as { error?: unknown; code?: unknown; fields?: unknown };
  return {
    error: typeof error === 'string' && error.trim() ? error : undefined,
    code: isApiErrorCode(code) ? code : undefined,
    fields:
      fields && typeof fields === 'object' && !Array.isArray(fields)
        ? (fields as Record<string, string>)
        : undefined,
  };
}

/** An ApiError for a failed response's status and parsed body. */
export function apiErrorFrom(status: number, body: unknown, fallback: string): ApiError {
  const { error, code, fields } = readErrorBody(body);
  return new ApiError(status, error ?? fallback, { code, fields, body });
}

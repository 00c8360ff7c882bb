import { trimEnd } from '@store/contracts/text';
import { CourierError } from './courier';

/** SHIPROCKET_*: the API user's login (Settings > API in Shiprocket's panel) and the webhook's token. */
export interface ShiprocketConfig {
  email: string;
  password: string;
  /** https://apiv2.shiprocket.in, or a local server in tests */
  apiUrl: string;
  /** the security token set on the webhook in Shiprocket's panel, sent back as x-api-key; null: webhooks refused */
  webhookToken: string | null;
  /** the pickup address's nickname in Shiprocket's panel (Settings > Pickup Addresses) */
  pickupLocation: string;
}

export type FetchLike = typeof fetch;

/** A token lives 10 days (Shiprocket's documentation); renewed a day early, or on any 401. */
const TOKEN_LIFETIME_MS = 9 * 24 * 60 * 60 * 1000;
const TIMEOUT_MS = 20_000;

/** Shiprocket's error bodies: `{ message, errors?: { field: [text] }, status_code }`. */
function messageOf(json: unknown, status: number): string {
  const body = (json ?? {}) as { message?: unknown; errors?: unknown };
  const parts: string[] = [];
  if (typeof body.message === 'string' && body.message) parts.push(body.message);
  if (body.errors && typeof body.errors === 'object') {
    for (const texts of Object.values(body.errors as Record<string, unknown>)) {
      if (Array.isArray(texts)) parts.push(...texts.filter((t) => typeof t === 'string'));
    }
  }
  return parts.length ? parts.join(' ') : `Shiprocket answered ${status}`;
}

/**
 * Shiprocket's REST API (v1/external): a bearer token from POST /auth/login, kept for this
 * process and renewed when Shiprocket answers 401 (an expired or revoked token) or before its ten
 * days are up. A 4xx is a refusal (CourierError 'refused' with Shiprocket's message); no answer,
 * a 5xx or a refused login is 'unavailable'.
 */
export class ShiprocketApi {
  private token: { value: string; until: number } | null = null;
  /** how many logins this client made (the tests read it) */
  logins = 0;

  constructor(
    private readonly config: ShiprocketConfig,
    private readonly fetchImpl: FetchLike = fetch,
  ) {}

  private async send(path: string, init: RequestInit): Promise<{ status: number; json: unknown }> {
    let res: Response;
    try {
      res = await this.fetchImpl(`${trimEnd(this.config.apiUrl, '/')}/v1/external${path}`, {
        ...init,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new CourierError('Shiprocket did not answer; try again in a minute', 'unavailable');
    }
    const json: unknown = await res.json().catch(() => null);
    return { status: res.status, json };
  }

  private async login(): Promise<string> {
    this.logins++;
    const { status, json } = await this.send('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email: this.config.email, password: this.config.password }),
    });
    const token = (json as { token?: unknown } | null)?.token;
    if (status !== 200 || typeof token !== 'string' || !token) {
      throw new CourierError(
        `Shiprocket refused the login of SHIPROCKET_EMAIL (${messageOf(json, status)}): check the API user's e-mail and password`,
        'unavailable',
      );
    }
    this.token = { value: token, until: Date.now() + TOKEN_LIFETIME_MS };
    return token;
  }

  /** One call with the token; a 401 logs in again once and repeats it. */
  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const token =
        this.token && this.token.until > Date.now() ? this.token.value : await this.login();
      const { status, json } = await this.send(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (status === 401 && attempt === 0) {
        this.token = null;
        continue;
      }
      if (status >= 200 && status < 300 && json && typeof json === 'object') return json as T;
      throw new CourierError(
        `Shiprocket: ${messageOf(json, status)}`,
        status >= 400 && status < 500 && status !== 401 ? 'refused' : 'unavailable',
      );
    }
  }

  /** The PDF Shiprocket links to (the label's label_url): its bytes, checked to be a PDF. */
  async downloadPdf(url: string): Promise<Uint8Array> {
    let bytes: Uint8Array;
    try {
      const res = await this.fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!res.ok) throw new Error(String(res.status));
      bytes = new Uint8Array(await res.arrayBuffer());
    } catch {
      throw new CourierError('The label Shiprocket made could not be downloaded', 'unavailable');
    }
    // an error page served with 200 must not be kept as the label to print
    if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-')
      throw new CourierError('The label Shiprocket linked to is not a PDF', 'unavailable');
    return bytes;
  }
}

/** POST /orders/create/adhoc's answer (Shiprocket's order and shipment ids). */
export interface ShiprocketCreatedOrder {
  order_id?: number | string;
  shipment_id?: number | string;
  status?: string;
  status_code?: number;
}

/** POST /courier/assign/awb's answer. */
export interface ShiprocketAwbAnswer {
  awb_assign_status?: number;
  response?: {
    data?: {
      awb_code?: string;
      courier_name?: string;
      awb_assign_error?: string;
      pickup_scheduled_date?: string | null;
    };
  };
  message?: string;
}

/** POST /courier/generate/pickup's answer. */
export interface ShiprocketPickupAnswer {
  pickup_status?: number;
  response?: { pickup_scheduled_date?: string | null; pickup_token_number?: string; data?: string };
}

/** POST /courier/generate/label's answer. */
export interface ShiprocketLabelAnswer {
  label_created?: number;
  label_url?: string;
  response?: string;
  not_created?: unknown[];
}

import type { Courier, CourierId } from './courier';
import type { FetchLike, ShiprocketConfig } from './shiprocket-api';
import { ShiprocketCourier } from './shiprocket-courier';

/** Every courier account's settings (env.ts SHIPROCKET_*); null: not set up. */
export interface CourierConfig {
  shiprocket: ShiprocketConfig | null;
}

export const noCouriers: CourierConfig = { shiprocket: null };

/** The SHIPROCKET_* variables of env.ts. */
export interface CouriersEnv {
  SHIPROCKET_EMAIL?: string | undefined;
  SHIPROCKET_PASSWORD?: string | undefined;
  SHIPROCKET_WEBHOOK_TOKEN?: string | undefined;
  SHIPROCKET_API_URL?: string | undefined;
  SHIPROCKET_PICKUP_LOCATION?: string | undefined;
}

export const SHIPROCKET_API_URL = 'https://apiv2.shiprocket.in';

/** Shiprocket is usable once its API user's e-mail and password are set (live mode asks for all three). */
export function courierConfigFromEnv(e: CouriersEnv): CourierConfig {
  return {
    shiprocket:
      e.SHIPROCKET_EMAIL && e.SHIPROCKET_PASSWORD
        ? {
            email: e.SHIPROCKET_EMAIL,
            password: e.SHIPROCKET_PASSWORD,
            webhookToken: e.SHIPROCKET_WEBHOOK_TOKEN ?? null,
            apiUrl: e.SHIPROCKET_API_URL ?? SHIPROCKET_API_URL,
            pickupLocation: e.SHIPROCKET_PICKUP_LOCATION ?? 'Primary',
          }
        : null,
  };
}

/**
 * The couriers of one app, by id: the one list a new courier joins. Built once per app, so each
 * keeps its own login (Shiprocket's token) for the process's life.
 */
export class Couriers {
  readonly all: readonly Courier[];

  constructor(config: CourierConfig, fetchImpl?: FetchLike) {
    this.all = [new ShiprocketCourier(config.shiprocket, fetchImpl)];
  }

  /** The courier of that id (a URL segment, a stored shipment's courier), if there is one. */
  find(id: string): Courier | undefined {
    return this.all.find((c) => c.id === id);
  }

  /** The couriers staff can book with here. */
  configured(): Courier[] {
    return this.all.filter((c) => c.isConfigured());
  }
}

export type { CourierId };

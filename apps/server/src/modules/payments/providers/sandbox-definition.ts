import { z } from 'zod';
import { blank, defineProvider } from './definition';

/**
 * The store-hosted sandbox gateway of the demo (method 'gateway'): it takes no money, so live mode
 * refuses it (live-mode.ts). payment-config.ts reads its key, with a fallback when unset.
 */
export const sandboxDefinition = defineProvider({
  id: 'sandbox',
  label: 'the sandbox gateway',
  methods: { gateway: 'Card or netbanking (sandbox gateway)' },
  env: {
    /** HMAC key of the sandbox gateway; unset: derived from the JWT key (payment-config.ts). */
    SANDBOX_GATEWAY_SECRET: z.preprocess(blank, z.string().min(16).optional()),
  },
});

import { z } from 'zod';
import { blank, defineProvider } from './definition';

/**
 * PayU's merchant "post service" (command APIs: verify_payment, cancel_refund_transaction,
 * check_action_status), as listed in PayU's "APIs used for Integration"; answers JSON with form=2.
 */
export const payuApiEndpoints = {
  test: 'https://test.payu.in/merchant/postservice.php?form=2',
  live: 'https://info.payu.in/merchant/postservice.php?form=2',
} as const;

/** PayU hosted checkout: key and salt from its dashboard (docs/decisions/payments-design.md). */
export const payuDefinition = defineProvider({
  id: 'payu',
  label: 'PayU',
  methods: { payu: 'Card, netbanking or UPI via PayU' },
  env: {
    PAYU_KEY: z.preprocess(blank, z.string().optional()),
    PAYU_SALT: z.preprocess(blank, z.string().optional()),
    PAYU_MODE: z.preprocess(blank, z.enum(['test', 'live']).default('test')),
    /** PayU's merchant API (verify_payment, refunds); unset: PayU's own for PAYU_MODE. */
    PAYU_API_URL: z.preprocess(blank, z.string().url().optional()),
  },
  configFromEnv: (e) => {
    if (!e.PAYU_KEY || !e.PAYU_SALT) return null;
    const mode = e.PAYU_MODE ?? 'test';
    return {
      key: e.PAYU_KEY,
      salt: e.PAYU_SALT,
      mode,
      /** PayU's merchant API (verify_payment, refunds); a test points it at a local fake. */
      apiUrl: e.PAYU_API_URL ?? payuApiEndpoints[mode],
    };
  },
  liveMode: { variables: ['PAYU_KEY', 'PAYU_SALT'] },
  // its checkout may redirect inside PayU's domains after the post
  formAction: { bouncePage: ['https://*.payu.in'], storefront: ['https://*.payu.in'] },
});

import { z } from 'zod';
import { blank, defineProvider } from './definition';

/** Razorpay Standard Checkout (docs/decisions/razorpay.md): the API key pair and the webhook secret. */
export const razorpayDefinition = defineProvider({
  id: 'razorpay',
  label: 'Razorpay',
  methods: { razorpay: 'UPI, card, netbanking or wallet via Razorpay' },
  env: {
    RAZORPAY_KEY_ID: z.preprocess(blank, z.string().optional()),
    RAZORPAY_KEY_SECRET: z.preprocess(blank, z.string().optional()),
    RAZORPAY_WEBHOOK_SECRET: z.preprocess(blank, z.string().optional()),
    RAZORPAY_API_URL: z.preprocess(blank, z.string().url().default('https://api.razorpay.com')),
  },
  configFromEnv: (e) =>
    e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
      ? {
          keyId: e.RAZORPAY_KEY_ID,
          keySecret: e.RAZORPAY_KEY_SECRET,
          /** its webhooks' HMAC key; null: webhooks are refused (the return and the job still settle) */
          webhookSecret: e.RAZORPAY_WEBHOOK_SECRET ?? null,
          /** https://api.razorpay.com, or a local server in tests */
          apiUrl: (e.RAZORPAY_API_URL ?? 'https://api.razorpay.com').replace(/\/+$/, ''),
        }
      : null,
  // the webhooks are its safety net: a live shop has all three
  liveMode: { variables: ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] },
  // the bounce page posts the shopper to its hosted checkout
  formAction: { bouncePage: ['https://api.razorpay.com'] },
});

import { readdirSync, readFileSync } from 'node:fs';
import { paymentMethodIds } from '@store/contracts/admin/settings';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envSchema } from '../../../env';
import { WEB_APP_CSP } from '../../../plugins/web';
import { liveModeProblems } from '../live-mode';
import { defaultPaymentsEnv, providerOfMethod } from '../payment-config';
import { paymentFieldDefinitions } from '../payment-fields';
import { AUTO_POST_PAGE_CSP } from '../sandbox-pages';
import { blank, defineProvider } from './definition';
import { envShapeOf, formActionOrigins, providerDefinitions } from './definitions';
import { paymentProviders } from './index';

// Issue 28, item 1: a provider is its folder's files, the contracts' settings list and the
// README. What the rest of the server knows of it (variables, settings, live-mode rules, form
// label, checkout origins) is read from its definition, never written out again elsewhere.

const live = {
  ...defaultPaymentsEnv,
  NODE_ENV: 'production',
  PAYMENT_METHODS: 'upi_qr',
  UPI_VPA: 'kagazkalam@okaxis',
  JWT_SECRET: 'x'.repeat(40),
  PUBLIC_BASE_URL: 'https://shop.example.in',
  SMTP_URL: 'smtps://shop:secret@smtp.example.in:465',
};

/** A provider that exists only in this test: nothing else in the server was edited for it. */
const fakepay = defineProvider({
  id: 'fakepay',
  label: 'Fakepay',
  methods: { fakepay: 'Card via Fakepay' },
  env: {
    FAKEPAY_KEY: z.preprocess(blank, z.string().optional()),
    FAKEPAY_SECRET: z.preprocess(blank, z.string().optional()),
  },
  configFromEnv: (e) =>
    e.FAKEPAY_KEY && e.FAKEPAY_SECRET ? { key: e.FAKEPAY_KEY, secret: e.FAKEPAY_SECRET } : null,
  liveMode: {
    variables: ['FAKEPAY_KEY', 'FAKEPAY_SECRET'],
    problems: () => ['Fakepay is offered: it never is in a live shop.'],
  },
  formAction: { bouncePage: ['https://pay.fakepay.test'], storefront: ['https://*.fakepay.test'] },
});
const withFakepay = [...providerDefinitions, fakepay];

describe('payment provider definitions (providers/definitions.ts)', () => {
  it('serve exactly the contracts’ settings list, each method once, with its form label', () => {
    const methods = providerDefinitions.flatMap((d) => Object.keys(d.methods));
    expect([...methods].sort()).toEqual([...paymentMethodIds].sort());
    expect(new Set(methods).size).toBe(methods.length);
    for (const d of providerDefinitions) {
      for (const [method, label] of Object.entries(d.methods)) {
        expect(providerOfMethod[method as keyof typeof providerOfMethod]).toBe(d.id);
        const [select] = paymentFieldDefinitions([method as keyof typeof providerOfMethod]);
        expect(select?.options).toEqual([{ value: method, label }]);
      }
    }
  });

  it('are the registry’s providers, by the same ids and names', () => {
    expect(Object.keys(paymentProviders).sort()).toEqual(
      providerDefinitions.map((d) => d.id).sort(),
    );
    for (const d of providerDefinitions) expect(paymentProviders[d.id].label).toBe(d.label);
  });

  it('put every provider’s variables in env.ts’s schema, one owner each', () => {
    const names = providerDefinitions.flatMap((d) => Object.keys(d.env));
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(envSchema.shape).toHaveProperty(name);
    // an empty variable is unset, as everywhere in env.ts
    expect(envSchema.parse({ PAYU_KEY: ' ' }).PAYU_KEY).toBeUndefined();
  });

  it('put every gateway’s variables in the live-mode check: one of them alone is refused', () => {
    const gateways = providerDefinitions.filter((d) => d.liveMode);
    expect(gateways.map((d) => d.id)).toEqual(['payu', 'razorpay', 'phonepe']);
    for (const d of gateways) {
      const [first, ...rest] = d.liveMode!.variables;
      expect(liveModeProblems({ ...live, [first!]: 'set' }), d.id).toEqual([
        expect.stringContaining(`${d.label} is half-configured: ${rest.join(' and ')}`),
      ]);
    }
  });

  it('give the CSPs every checkout origin they name', () => {
    for (const origin of formActionOrigins('storefront')) expect(WEB_APP_CSP).toContain(origin);
    for (const origin of formActionOrigins('bouncePage')) {
      expect(AUTO_POST_PAGE_CSP).toContain(origin);
    }
  });

  it('let a new provider join by its definition alone: schema, live mode and CSP origins follow', () => {
    const schema = z.object(envShapeOf(withFakepay));
    expect(schema.parse({ FAKEPAY_KEY: 'k', FAKEPAY_SECRET: ' ' })).toEqual({
      FAKEPAY_KEY: 'k',
      // the other providers' defaults, as in env.ts
      PAYU_MODE: 'test',
      RAZORPAY_API_URL: 'https://api.razorpay.com',
      PHONEPE_MODE: 'test',
    });
    const halfSet = { ...live, FAKEPAY_KEY: 'k' } as typeof live;
    expect(liveModeProblems(halfSet, withFakepay)).toEqual([
      expect.stringMatching(
        /^Fakepay is half-configured: FAKEPAY_SECRET is not set\. Set FAKEPAY_KEY, FAKEPAY_SECRET/,
      ),
    ]);
    // the "nothing left" message names what it needs
    expect(liveModeProblems({ ...live, PAYMENT_METHODS: 'gateway' }, withFakepay).at(-1)).toContain(
      'fakepay FAKEPAY_KEY and FAKEPAY_SECRET',
    );
    expect(formActionOrigins('bouncePage', withFakepay)).toEqual([
      'https://*.payu.in',
      'https://api.razorpay.com',
      'https://pay.fakepay.test',
    ]);
    expect(formActionOrigins('storefront', withFakepay)).toEqual([
      'https://*.payu.in',
      'https://*.phonepe.com',
      'https://*.fakepay.test',
    ]);
  });

  it('import nothing but zod and each other (env.ts and the web plugin read them)', () => {
    const folder = new URL('.', import.meta.url);
    const files = readdirSync(folder).filter((f) =>
      /^(.+-definition|definition|definitions)\.ts$/.test(f),
    );
    expect(files).toHaveLength(providerDefinitions.length + 2);
    for (const file of files) {
      const source = readFileSync(new URL(file, folder), 'utf8');
      for (const [, from] of source.matchAll(/from '([^']+)'/g)) {
        expect(from, file).toMatch(/^(zod|\.\/([a-z]+-definition|definition))$/);
      }
    }
  });
});

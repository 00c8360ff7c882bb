import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../../env';
import { liveModeProblems } from './live-mode';
import { defaultPaymentsEnv, paymentConfigFromEnv, sandboxEnabled } from './payment-config';

const live = {
  ...defaultPaymentsEnv,
  NODE_ENV: 'production',
  PAYMENT_METHODS: 'upi_qr,upi_app',
  UPI_VPA: 'kagazkalam@okaxis',
  JWT_SECRET: 'x'.repeat(40),
  PUBLIC_BASE_URL: 'https://shop.example.in',
  SMTP_URL: 'smtps://shop:secret@smtp.example.in:465',
};

describe('live mode (NODE_ENV=production)', () => {
  it('accepts a store that takes real money safely', () => {
    expect(liveModeProblems(live)).toEqual([]);
    expect(
      liveModeProblems({
        ...live,
        PAYMENT_METHODS: 'payu',
        UPI_VPA: undefined,
        PAYU_KEY: 'k',
        PAYU_SALT: 's',
      }),
    ).toEqual([]);
  });
  it('refuses Shiprocket half-configured (all of e-mail, password and webhook token, or none)', () => {
    const shiprocket = {
      SHIPROCKET_EMAIL: 'api@kagazkalam.in',
      SHIPROCKET_PASSWORD: 'secret',
      SHIPROCKET_WEBHOOK_TOKEN: 'token',
    };
    expect(liveModeProblems({ ...live, ...shiprocket })).toEqual([]);
    expect(
      liveModeProblems({ ...live, ...shiprocket, SHIPROCKET_WEBHOOK_TOKEN: undefined }),
    ).toEqual([
      expect.stringMatching(
        /^Shiprocket is half-configured: SHIPROCKET_WEBHOOK_TOKEN is not set\./,
      ),
    ]);
    expect(liveModeProblems({ ...live, SHIPROCKET_EMAIL: 'api@kagazkalam.in' })).toEqual([
      expect.stringMatching(/SHIPROCKET_PASSWORD and SHIPROCKET_WEBHOOK_TOKEN are not set/),
    ]);
  });
  it('refuses PayU half-configured: offered without its salt, or a key left without the salt', () => {
    const offered = liveModeProblems({ ...live, PAYMENT_METHODS: 'payu,upi_qr', PAYU_KEY: 'k' });
    expect(offered).toEqual([
      expect.stringMatching(/^PayU is half-configured: PAYU_SALT is not set\./),
    ]);
    const leftOver = liveModeProblems({ ...live, PAYU_SALT: 's' });
    expect(leftOver).toEqual([expect.stringMatching(/PAYU_KEY is not set/)]);
    expect(liveModeProblems({ ...live, PAYMENT_METHODS: 'payu,upi_qr' })).toEqual([
      expect.stringMatching(/PAYU_KEY and PAYU_SALT are not set/),
    ]);
  });

  it('refuses Razorpay without its webhook secret, and takes it with all three', () => {
    const keys = { RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's' };
    expect(liveModeProblems({ ...live, PAYMENT_METHODS: 'razorpay', ...keys })).toEqual([
      expect.stringMatching(/^Razorpay is half-configured: RAZORPAY_WEBHOOK_SECRET is not set\./),
    ]);
    expect(
      liveModeProblems({
        ...live,
        PAYMENT_METHODS: 'razorpay,upi_qr',
        ...keys,
        RAZORPAY_WEBHOOK_SECRET: 'w',
      }),
    ).toEqual([]);
  });

  it('refuses PhonePe half-configured (the webhook login or the client version missing) or in test mode, and takes it with all five, live', () => {
    const client = {
      PHONEPE_CLIENT_ID: 'M22KAGAZ',
      PHONEPE_CLIENT_SECRET: 's',
      PHONEPE_MODE: 'live' as const,
    };
    expect(liveModeProblems({ ...live, PAYMENT_METHODS: 'phonepe', ...client })).toEqual([
      expect.stringMatching(
        /^PhonePe is half-configured: PHONEPE_CLIENT_VERSION and PHONEPE_WEBHOOK_USERNAME and PHONEPE_WEBHOOK_PASSWORD are not set\./,
      ),
    ]);
    const complete = {
      ...client,
      PHONEPE_CLIENT_VERSION: '2',
      PHONEPE_WEBHOOK_USERNAME: 'kagaz_hooks',
      PHONEPE_WEBHOOK_PASSWORD: 'hookpass123',
    };
    // a password left behind without the rest is named too, even when phonepe is not offered
    expect(liveModeProblems({ ...live, PHONEPE_WEBHOOK_PASSWORD: 'p' })).toEqual([
      expect.stringMatching(/^PhonePe is half-configured: PHONEPE_CLIENT_ID and/),
    ]);
    expect(
      liveModeProblems({
        ...live,
        PAYMENT_METHODS: 'phonepe,upi_qr',
        ...complete,
        PHONEPE_MODE: 'test',
      }),
    ).toEqual([expect.stringMatching(/^PhonePe is offered in test mode.*PHONEPE_MODE=live/)]);
    expect(liveModeProblems({ ...live, PAYMENT_METHODS: 'phonepe,upi_qr', ...complete })).toEqual(
      [],
    );
  });

  it('names every problem and what to set', () => {
    const problems = liveModeProblems({
      ...defaultPaymentsEnv,
      NODE_ENV: 'production',
      PUBLIC_BASE_URL: 'http://shop.example.in',
    });
    expect(problems).toHaveLength(5);
    expect(problems[0]).toMatch(
      /PAYMENT_METHODS offers 'gateway'.*Remove it, e.g. PAYMENT_METHODS=/,
    );
    expect(problems[1]).toMatch(
      /UPI_VPA is not set: set UPI_VPA=|set UPI_VPA to the shop's own UPI ID/,
    );
    expect(problems[2]).toMatch(/JWT_SECRET is not set/);
    expect(problems[3]).toMatch(/PUBLIC_BASE_URL must be https/);
    expect(problems[4]).toMatch(/SMTP_URL is not set/);
    // the demo outbox (every shopper's mail, reset links included) never runs in a live shop
    expect(liveModeProblems({ ...live, SMTP_URL: undefined })).toEqual([
      expect.stringMatching(/SMTP_URL is not set: order e-mails and password-reset links/),
    ]);
    expect(liveModeProblems({ ...live, PUBLIC_BASE_URL: undefined })).toEqual([
      expect.stringMatching(/PUBLIC_BASE_URL is not set: set it to the shop's https address/),
    ]);
    expect(liveModeProblems({ ...live, PAYMENT_METHODS: 'gateway' })).toEqual([
      expect.stringMatching(/offers 'gateway'/),
      expect.stringMatching(/No payment method is left/),
    ]);
  });
  it('refuses nothing in demo mode, where the sandbox stays on', () => {
    expect(liveModeProblems({ ...defaultPaymentsEnv })).toEqual([]);
    expect(sandboxEnabled(paymentConfigFromEnv(defaultPaymentsEnv))).toBe(true);
    // even if someone builds a live config with the sandbox, the sandbox does not exist
    expect(
      sandboxEnabled(paymentConfigFromEnv({ ...defaultPaymentsEnv, NODE_ENV: 'production' })),
    ).toBe(false);
  });
  it('server start exits with 1 and the whole message, before opening any data', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'live-mode-'));
    try {
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', join(serverRoot, 'src/server.ts')],
        {
          cwd: serverRoot,
          encoding: 'utf8',
          timeout: 60_000,
          env: {
            PATH: process.env.PATH,
            NODE_ENV: 'production',
            DATA_DIR: dataDir,
            PORT: '0',
            PUBLIC_BASE_URL: 'http://shop.example.in',
          },
        },
      );
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('Refusing to start in live mode (NODE_ENV=production):');
      for (const name of [
        'gateway',
        'UPI_VPA',
        'JWT_SECRET',
        'PUBLIC_BASE_URL must be https',
        'SMTP_URL',
      ])
        expect(run.stderr).toContain(name);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

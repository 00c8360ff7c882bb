import { sandboxEnabled } from '../payment-config';
import { SANDBOX_TOKEN_LIFETIME_MS, signSandboxToken } from '../sandbox-token';
import { upiDefinition } from './upi-definition';
import type { PaymentProvider } from './provider';
import { buildUpiLink } from './upi';

/** The sandbox's "UPI app" page for one attempt, with the owner's token (demo stores only). */
export const SANDBOX_UPI_PATH = '/sandbox-gateway/upi';

/**
 * UPI intent: the link itself is the payment request. `upi_qr` shows it as a QR code for a phone,
 * `upi_app` hands it to a UPI app on this device. The payer's bank reports back through the PSP's
 * signed notification (in the demo, the sandbox gateway plays that part).
 */
export const upiProvider: PaymentProvider = {
  id: 'upi',
  label: upiDefinition.label,
  settles: ['upi'],
  isConfigured: (config) => config.methods.includes('upi_qr') || config.methods.includes('upi_app'),
  start({ attempt, storeName, config }) {
    const link = buildUpiLink({
      payeeVpa: config.upi.vpa,
      payeeName: config.upi.payeeName ?? storeName,
      amountPaise: attempt.amountPaise,
      note: `Order ${attempt.orderId}`,
      reference: attempt.id,
    });
    // In a demo store the sandbox plays the payer's UPI app; its link goes to the owner only.
    const expiresAt = attempt.expiresAt ?? new Date(Date.now() + SANDBOX_TOKEN_LIFETIME_MS);
    const sandbox = sandboxEnabled(config)
      ? {
          sandboxUrl: `${SANDBOX_UPI_PATH}?${new URLSearchParams({
            paymentId: attempt.id,
            token: signSandboxToken(config.sandbox.secret, attempt.id, expiresAt),
          }).toString()}`,
        }
      : {};
    if (attempt.method === 'upi_app') {
      return { redirectUrl: link, action: { type: 'deeplink', redirectUrl: link, ...sandbox } };
    }
    return { action: { type: 'qr', qr: link, ...sandbox } };
  },
};

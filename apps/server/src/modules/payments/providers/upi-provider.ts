import type { PaymentProvider } from './provider';
import { buildUpiLink } from './upi';

/**
 * UPI intent: the link itself is the payment request. `upi_qr` shows it as a QR code for a phone,
 * `upi_app` hands it to a UPI app on this device. The payer's bank reports back through the PSP's
 * signed notification (in the demo, the sandbox gateway plays that part).
 */
export const upiProvider: PaymentProvider = {
  id: 'upi',
  start({ attempt, storeName, config }) {
    const link = buildUpiLink({
      payeeVpa: config.upi.vpa,
      payeeName: config.upi.payeeName ?? storeName,
      amountPaise: attempt.amountPaise,
      note: `Order ${attempt.orderId}`,
      reference: attempt.id,
    });
    if (attempt.method === 'upi_app') {
      return { redirectUrl: link, action: { type: 'deeplink', redirectUrl: link } };
    }
    return { action: { type: 'qr', qr: link } };
  },
};

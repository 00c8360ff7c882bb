import { z } from 'zod';
import { blank, defineProvider } from './definition';

/**
 * The UPI intent (a QR code or a link to the shopper's UPI app) paid to the shop's own UPI ID. Its
 * settings are always there (a demo store gets DEMO_UPI_VPA): payment-config.ts reads them, and
 * live-mode.ts asks for UPI_VPA when UPI is offered.
 */
export const upiDefinition = defineProvider({
  id: 'upi',
  label: 'UPI',
  methods: {
    upi_qr: 'UPI: scan a QR code with another phone',
    upi_app: 'UPI app on this phone (GPay, PhonePe, Paytm, BHIM)',
  },
  env: {
    UPI_VPA: z.preprocess(
      blank,
      z
        .string()
        .regex(/^[\w.-]+@[\w]+$/, 'UPI_VPA must look like name@bank')
        .optional(),
    ),
    UPI_PAYEE_NAME: z.preprocess(blank, z.string().optional()),
  },
});

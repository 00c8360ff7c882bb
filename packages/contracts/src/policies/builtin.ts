// The built-in policy texts a store shows until its owner writes its own (storefront spec: "or
// from built-in text"): the storefront's policy pages and the back office's Store settings, which
// shows the owner exactly this text and lets them start their own from it. Plain strings.
import type { PolicySlug } from '../store';
import { privacyHtml, termsHtml } from './builtin-legal';
import { aboutHtml, refundHtml, returnHtml, shippingHtml } from './builtin-store';

export const builtinPolicies: Record<PolicySlug, string> = {
  terms: termsHtml,
  privacy: privacyHtml,
  refund: refundHtml,
  return: returnHtml,
  shipping: shippingHtml,
  about: aboutHtml,
};

import { policySlugs, type PolicySlug } from '@store/contracts/store';

/** The router sends reserved and unknown slugs to /404; this narrows the type for the page. */
export function asPolicySlug(slug: string | undefined): PolicySlug | undefined {
  return policySlugs.find((known) => known === slug);
}

export const policyTitles: Record<PolicySlug, string> = {
  terms: 'Terms and Conditions',
  privacy: 'Privacy Policy',
  refund: 'Refund Policy',
  return: 'Return and Cancellation Policy',
  shipping: 'Shipping Policy',
  about: 'About Us',
};

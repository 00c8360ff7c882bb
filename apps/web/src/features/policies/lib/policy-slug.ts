import { policySlugs, type PolicySlug } from '@store/contracts/store';

/** The router sends reserved and unknown slugs to /404; this narrows the type for the page. */
export function asPolicySlug(slug: string | undefined): PolicySlug | undefined {
  return policySlugs.find((known) => known === slug);
}

// one list with the server's page head (modules/seo), which titles the same pages
export { policyTitles } from '@store/contracts/page-title';

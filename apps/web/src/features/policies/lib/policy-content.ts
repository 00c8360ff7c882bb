import type { PolicySlug, StoreInfo } from '@store/contracts/store';
import { fillPolicyPlaceholders, type PolicyCompany } from '@store/contracts/policy-html';
import { POLICY_COMPANY_FALLBACK, policyCompanyName } from '@store/contracts/page-title';
import { builtinPolicies } from '@store/contracts/policies/builtin';
import { sanitizePolicyHtml } from '@store/ui/policy-html';

export const policyFallbacks: PolicyCompany = {
  companyName: POLICY_COMPANY_FALLBACK,
  companyAddress: 'our registered office in India',
  companyEmail: 'our customer support email',
  companyPhone: 'our customer support number',
  companyLogoUrl: '',
};

/** Store values where present, else the store name for the company, else neutral wording. */
export function policyCompany(info: Partial<StoreInfo> | undefined): PolicyCompany {
  const pick = (key: keyof PolicyCompany) => info?.[key]?.trim() || policyFallbacks[key];
  return {
    companyName: policyCompanyName(info),
    companyAddress: pick('companyAddress'),
    companyEmail: pick('companyEmail'),
    companyPhone: pick('companyPhone'),
    companyLogoUrl: pick('companyLogoUrl'),
  };
}

/** The store's override when it has one, else the built-in text; placeholders filled, HTML sanitised. */
export function policyHtml(slug: PolicySlug, info: Partial<StoreInfo> | undefined): string {
  const override = info?.policies?.[slug]?.trim();
  return sanitizePolicyHtml(
    fillPolicyPlaceholders(override || builtinPolicies[slug], policyCompany(info)),
  );
}

import { fillPolicyPlaceholders, type PolicyCompany } from '@store/contracts/policy-html';
import { sanitizePolicyHtml } from '@store/ui/policy-html';

/**
 * The policy preview: the owner's HTML with the storefront's placeholders filled from the form,
 * sanitised and rendered exactly as the storefront's policy pages do (the server sanitises again,
 * with the same rules, when it saves). Typed script never runs in the back office.
 */
export function policyPreviewHtml(html: string, company: PolicyCompany): string {
  return sanitizePolicyHtml(fillPolicyPlaceholders(html, company));
}

export type { PolicyCompany };

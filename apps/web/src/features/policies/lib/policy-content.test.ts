import { describe, expect, it } from 'vitest';
import { fillPolicyPlaceholders } from '@store/contracts/policy-html';
import { policySlugs } from '@store/contracts/store';
import { policyCompany, policyFallbacks, policyHtml } from './policy-content';
import { asPolicySlug } from './policy-slug';

const info = {
  storeName: 'Paper Trail',
  companyName: 'Paper Trail Stationers Pvt Ltd',
  companyAddress: '12 MG Road, Bengaluru 560001',
  companyEmail: 'help@papertrail.in',
  companyPhone: '+91 80 1234 5678',
  companyLogoUrl: '/images/logo.png',
  policies: {},
};

describe('policy slugs', () => {
  it('accepts the six policies only', () => {
    for (const slug of policySlugs) expect(asPolicySlug(slug)).toBe(slug);
    expect(asPolicySlug('faq')).toBeUndefined();
    expect(asPolicySlug(undefined)).toBeUndefined();
  });
});

describe('policy content', () => {
  it('fills placeholders with escaped store values', () => {
    const company = policyCompany({ ...info, companyName: 'A & B <Co>' });
    expect(
      fillPolicyPlaceholders('<p>{companyName} at {companyEmail} {unknown}</p>', company),
    ).toBe('<p>A &amp; B &lt;Co&gt; at help@papertrail.in {unknown}</p>');
  });
  it('ends a sentence on a company name like "Pvt. Ltd." with one full stop, not two', () => {
    const company = policyCompany({ ...info, companyName: 'Kagaz & Kalam Stationers Pvt. Ltd.' });
    for (const slug of ['refund', 'return'] as const) {
      const html = policyHtml(slug, { ...info, companyName: company.companyName });
      expect(html).toContain('Kagaz &amp; Kalam Stationers Pvt. Ltd.');
      expect(html).not.toContain('Ltd..');
    }
    expect(fillPolicyPlaceholders('<p>Sold by {companyName}.</p>', company)).toBe(
      '<p>Sold by Kagaz &amp; Kalam Stationers Pvt. Ltd.</p>',
    );
    expect(fillPolicyPlaceholders('<p>{companyEmail}.</p>', company)).toBe(
      `<p>${company.companyEmail}.</p>`,
    );
  });
  it('falls back to the store name, then neutral wording', () => {
    expect(policyCompany({ storeName: 'Paper Trail', companyName: ' ' }).companyName).toBe(
      'Paper Trail',
    );
    expect(policyCompany(undefined)).toEqual(policyFallbacks);
  });
  it('uses built-in texts with store details and no placeholders left', () => {
    for (const slug of policySlugs) {
      const html = policyHtml(slug, info);
      expect(html).not.toMatch(/\{company\w+\}/);
      expect(html).toContain('Paper Trail Stationers Pvt Ltd');
    }
    expect(policyHtml('terms', info)).toContain('Information Technology Act, 2000');
    expect(policyHtml('privacy', info)).toContain('Grievance Officer');
    expect(policyHtml('privacy', info)).toContain('Monday to Friday, 10:00-17:00');
    expect(policyHtml('refund', info)).toContain('0-7 working days');
    expect(policyHtml('return', info)).toContain('0-7 days');
    expect(policyHtml('shipping', info)).toContain('10-15 business days');
    expect(policyHtml('about', info)).toMatch(/mission[\s\S]*vision/i);
  });
  it('prefers the store override, filled and sanitised', () => {
    const html = policyHtml('terms', {
      ...info,
      policies: {
        terms:
          '<p onclick="x()">Terms of {companyName}</p><img src="{companyLogoUrl}"><script>x()</script>',
      },
    });
    expect(html).toBe('<p>Terms of Paper Trail Stationers Pvt Ltd</p><img src="/images/logo.png">');
  });
});

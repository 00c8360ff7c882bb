import { useMemo } from 'react';
import { ShieldCheck } from 'lucide-react';
import { Navigate, useParams } from 'react-router';
import { Badge } from '@store/ui/badge';
import { Skeleton } from '@store/ui/skeleton';
import { useDocumentTitle } from '@/state/store-info/use-page-title';
import { useStoreInfo } from '@/state/store-info/use-store-info';
import { policyCompany, policyHtml } from '@/features/policies/lib/policy-content';
import { asPolicySlug, policyTitles } from '@/features/policies/lib/policy-slug';
import { policyDocumentTitle } from '@store/contracts/page-title';
import { paths } from '@/lib/paths';

/** /{policyType}; the router has already sent reserved and unknown slugs to /404. */
export function Component() {
  const slug = asPolicySlug(useParams().policyType);
  const { storeInfo, isLoading } = useStoreInfo();
  const companyName = policyCompany(storeInfo).companyName;
  const title = slug ? policyTitles[slug] : '';
  const html = useMemo(
    () => (slug && !isLoading ? policyHtml(slug, storeInfo) : ''),
    [slug, storeInfo, isLoading],
  );

  // spec section 2: the policy title plus the company name (the server's head has the same)
  useDocumentTitle(slug ? policyDocumentTitle(slug, storeInfo) : null);

  if (!slug) return <Navigate to={paths.notFound} replace />;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <Badge variant="secondary" className="mb-4">
        <ShieldCheck className="size-3.5" aria-hidden="true" />
        Policy Information
      </Badge>
      <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
      <p className="mt-2 text-muted-foreground">{companyName}</p>
      {isLoading ? (
        <div className="mt-8 grid gap-3" role="status" aria-label="Loading policy">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-4 w-full" />
          ))}
        </div>
      ) : (
        <div
          className="policy-text mt-8 grid gap-4 leading-relaxed [&_a]:text-primary [&_a]:underline [&_address]:not-italic [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:font-semibold [&_img]:h-auto [&_img]:max-w-48 [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
          // Sanitised with an allow-list in policy-content.ts (sanitizePolicyHtml).
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </article>
  );
}

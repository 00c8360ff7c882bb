import { policySlugs } from '@store/contracts/store';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Component as NotFoundPage } from './not-found-route';
import { Component as PolicyPage } from './policy-route';
import { paths } from '@/lib/paths';

/** Paths that belong to other screens can never be policy pages (spec section 2). */
const RESERVED_SLUGS = new Set([
  'login',
  'register',
  'forgot-password',
  'reset-password',
  'account',
  'cart',
  'products',
  'product',
  'contact',
  'track-order',
  'orders',
  '404',
]);

export function isPolicySlug(slug: string | undefined): boolean {
  if (!slug || RESERVED_SLUGS.has(slug)) return false;
  return (policySlugs as readonly string[]).includes(slug);
}

/**
 * An unknown path: the not-found page at once, then the address becomes /404 (spec section 2).
 * Rendered, not a <Navigate>, so the server's HTML for the path (sent with status 404) already
 * says so, and the browser's first render matches it.
 */
function NotFoundThenRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(paths.notFound, { replace: true });
  }, [navigate]);
  return <NotFoundPage />;
}

/**
 * /{policyType}: unknown or reserved slugs go to /404; valid ones render the policy page, which
 * reads the slug with useParams().policyType. Kept in its own chunk (contracts pull in zod).
 */
export function Component() {
  const { policyType } = useParams();
  if (!isPolicySlug(policyType)) return <NotFoundThenRedirect />;
  return <PolicyPage />;
}

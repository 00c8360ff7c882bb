import { policySlugs } from '@store/contracts/store';
import { Navigate, useParams } from 'react-router';
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
 * /{policyType}: unknown or reserved slugs go to /404; valid ones render the policy page, which
 * reads the slug with useParams().policyType. Kept in its own chunk (contracts pull in zod).
 */
export function Component() {
  const { policyType } = useParams();
  if (!isPolicySlug(policyType)) return <Navigate to={paths.notFound} replace />;
  return <PolicyPage />;
}

import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isOwner, useSession } from '@/state/session';

/** Sends a browser without a staff session to the sign-in page, remembering where it was going. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return children;
}

/** Owner-only screens (Store settings, Staff): staff see why instead of a broken page. */
export function OwnerOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!isOwner(session)) {
    return (
      <div className="p-6">
        <h1 className="text-2xl font-semibold">Owner only</h1>
        <p className="mt-2 text-muted-foreground">Only the owner can open this page.</p>
      </div>
    );
  }
  return children;
}

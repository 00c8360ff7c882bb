import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useSession } from '@/state/session';

/** /admin/login */
export function LoginRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const target = from && from.startsWith('/') && !from.startsWith('/login') ? from : '/';

  useEffect(() => {
    document.title = 'Sign in · Back office';
  }, []);

  if (session) return <Navigate to={target} replace />;
  return (
    <main className="grid min-h-dvh place-items-center bg-paper px-4">
      <div className="w-full max-w-sm rounded-lg border border-border bg-card p-6 shadow-sm">
        <h1 className="mb-1 text-2xl font-semibold">Back office</h1>
        <p className="mb-6 text-sm text-muted-foreground">Sign in to run the shop.</p>
        <SignInForm onSignedIn={() => navigate(target, { replace: true })} />
      </div>
    </main>
  );
}

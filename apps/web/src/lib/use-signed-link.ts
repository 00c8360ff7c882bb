import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError, serverErrorText } from '@/lib/api-client';

/**
 * An e-mailed link's page (a cart reminder's unsubscribe, the newsletter's confirm): the link's
 * values, `#token=…` as e-mailed or `?token=…` (an address opened in a browser), read once; the
 * token leaves the address bar at once, as the reset link's does. `run` does what the shopper
 * asked; a refusal of the link (400) says why, anything else to try again.
 */
export function useSignedLink(invalidLink: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [values] = useState(() => {
    const fromHash = new URLSearchParams(location.hash.replace(/^#/, ''));
    return (name: string) => (fromHash.get(name) ?? searchParams.get(name) ?? '').trim();
  });
  const token = values('token');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(token ? null : invalidLink);

  const tokenInUrl = searchParams.has('token') || location.hash.includes('token=');
  useEffect(() => {
    if (tokenInUrl)
      navigate({ pathname: location.pathname, search: '', hash: '' }, { replace: true });
  }, [tokenInUrl, navigate, location.pathname]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.status === 400
          ? (serverErrorText(error) ?? invalidLink)
          : 'Something went wrong. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };
  return { token, values, busy, problem, run };
}

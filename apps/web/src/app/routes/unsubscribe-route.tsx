import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { INVALID_UNSUBSCRIBE_LINK } from '@store/contracts/cart-reminders';
import { setCartReminders } from '@/features/cart-reminders/api/cart-reminders';
import { SignedLinkPage } from '@/components/signed-link-page';
import { ApiError, serverErrorText } from '@/lib/api-client';
import { brandName, useStoreInfo } from '@/state/store-info/use-store-info';

/** The link's token: `#token=…` as e-mailed, or `?token=…` (the one-click address opened in a browser). */
function tokenOf(hash: string, searchParams: URLSearchParams): string {
  const fromHash = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return (fromHash ?? searchParams.get('token') ?? '').trim();
}

type Step = 'ask' | 'off' | 'on';

const words: Record<Step, { title: string; text: (store: string) => string; action: string }> = {
  ask: {
    title: 'Stop cart reminders?',
    text: (store) =>
      `${store} e-mails you once when a cart you left in your account is waiting. Unsubscribe and we will not. E-mails about your orders still come.`,
    action: 'Unsubscribe',
  },
  off: {
    title: 'You are unsubscribed',
    text: (store) =>
      `You will get no more cart reminders from ${store}. E-mails about your orders still come.`,
    action: 'Send them again',
  },
  on: {
    title: 'Cart reminders are on',
    text: (store) => `${store} will e-mail you once when a cart you left is waiting.`,
    action: 'Unsubscribe',
  },
};

/**
 * /unsubscribe#token=…: a cart reminder's link. It works without signing in (the token, signed by
 * the server, names the shopper) and asks before it acts: a mail scanner that opens links must not
 * unsubscribe anyone. The token leaves the address bar at once, as the reset link's does.
 */
export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [token] = useState(() => tokenOf(location.hash, searchParams));
  const [step, setStep] = useState<Step>('ask');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(token ? null : INVALID_UNSUBSCRIBE_LINK);
  const store = brandName(useStoreInfo().storeInfo) || 'The shop';

  const tokenInUrl = searchParams.has('token') || location.hash.includes('token=');
  useEffect(() => {
    if (tokenInUrl)
      navigate({ pathname: location.pathname, search: '', hash: '' }, { replace: true });
  }, [tokenInUrl, navigate, location.pathname]);

  const act = async () => {
    setBusy(true);
    try {
      setStep((await setCartReminders(token, step === 'off')) ? 'on' : 'off');
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.status === 400
          ? (serverErrorText(error) ?? INVALID_UNSUBSCRIBE_LINK)
          : 'Something went wrong. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  const { title, text, action } = words[step];
  return (
    <SignedLinkPage
      title={problem ? 'Cart reminders' : title}
      text={text(store)}
      problem={problem}
      action={action}
      busy={busy}
      quiet={step === 'off'}
      onAction={() => void act()}
    />
  );
}

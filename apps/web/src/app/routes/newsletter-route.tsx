import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { INVALID_NEWSLETTER_LINK } from '@store/contracts/messages';
import { setNewsletterSubscription } from '@/features/newsletter/api/newsletter-subscription';
import { SignedLinkPage } from '@/components/signed-link-page';
import { ApiError, serverErrorText } from '@/lib/api-client';
import { brandName, useStoreInfo } from '@/state/store-info/use-store-info';

/** The link's token and what it is for: `#token=…[&action=unsubscribe]` as e-mailed, or the query. */
function linkOf(hash: string, searchParams: URLSearchParams) {
  const fromHash = new URLSearchParams(hash.replace(/^#/, ''));
  const read = (name: string) => fromHash.get(name) ?? searchParams.get(name) ?? '';
  return { token: read('token').trim(), unsubscribe: read('action') === 'unsubscribe' };
}

type Step = 'confirm' | 'leave' | 'on' | 'off';

const words: Record<Step, { title: string; text: (store: string) => string; action: string }> = {
  confirm: {
    title: 'Confirm your subscription',
    text: (store) =>
      `Confirm that you want the ${store} newsletter: new arrivals, journaling ideas and members-only offers, once a month.`,
    action: 'Confirm subscription',
  },
  leave: {
    title: 'Unsubscribe from the newsletter?',
    text: (store) =>
      `${store} will send you no more newsletters. E-mails about your orders still come.`,
    action: 'Unsubscribe',
  },
  on: {
    title: 'You are subscribed',
    text: (store) => `Thank you. The ${store} newsletter will come to your inbox once a month.`,
    action: 'Unsubscribe',
  },
  off: {
    title: 'You are unsubscribed',
    text: (store) => `You will get no more newsletters from ${store}.`,
    action: 'Subscribe again',
  },
};

/**
 * /newsletter#token=…: the newsletter's confirmation link (double opt-in), and with
 * `&action=unsubscribe` its unsubscribe link. Like the cart reminder's page it works without
 * signing in (the server signed the token) and asks before it acts: a mail scanner that opens
 * links must neither subscribe nor unsubscribe anyone. The token leaves the address bar at once.
 */
export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [link] = useState(() => linkOf(location.hash, searchParams));
  const [step, setStep] = useState<Step>(link.unsubscribe ? 'leave' : 'confirm');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(
    link.token ? null : INVALID_NEWSLETTER_LINK,
  );
  const store = brandName(useStoreInfo().storeInfo) || 'The shop';

  const tokenInUrl = searchParams.has('token') || location.hash.includes('token=');
  useEffect(() => {
    if (tokenInUrl)
      navigate({ pathname: location.pathname, search: '', hash: '' }, { replace: true });
  }, [tokenInUrl, navigate, location.pathname]);

  const act = async () => {
    setBusy(true);
    try {
      const on = step === 'confirm' || step === 'off';
      setStep((await setNewsletterSubscription(link.token, on)) ? 'on' : 'off');
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.status === 400
          ? (serverErrorText(error) ?? INVALID_NEWSLETTER_LINK)
          : 'Something went wrong. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  const { title, text, action } = words[step];
  return (
    <SignedLinkPage
      title={problem ? 'Newsletter' : title}
      text={text(store)}
      problem={problem}
      action={action}
      busy={busy}
      quiet={step === 'on'}
      onAction={() => void act()}
    />
  );
}

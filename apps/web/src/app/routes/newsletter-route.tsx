import { useState } from 'react';
import { INVALID_NEWSLETTER_LINK } from '@store/contracts/messages';
import { setNewsletterSubscription } from '@/features/newsletter/api/newsletter-subscription';
import { SignedLinkPage } from '@/components/signed-link-page';
import { useSignedLink } from '@/lib/use-signed-link';
import { brandName, useStoreInfo } from '@/state/store-info/use-store-info';

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
  const link = useSignedLink(INVALID_NEWSLETTER_LINK);
  const [step, setStep] = useState<Step>(
    link.values('action') === 'unsubscribe' ? 'leave' : 'confirm',
  );
  const store = brandName(useStoreInfo().storeInfo) || 'The shop';
  const act = () =>
    link.run(async () => {
      const on = step === 'confirm' || step === 'off';
      setStep((await setNewsletterSubscription(link.token, on)) ? 'on' : 'off');
    });

  const { title, text, action } = words[step];
  return (
    <SignedLinkPage
      title={link.problem ? 'Newsletter' : title}
      text={text(store)}
      problem={link.problem}
      action={action}
      busy={link.busy}
      quiet={step === 'on'}
      onAction={() => void act()}
    />
  );
}

import { useState } from 'react';
import { INVALID_UNSUBSCRIBE_LINK } from '@store/contracts/cart-reminders';
import { setCartReminders } from '@/features/cart-reminders/api/cart-reminders';
import { SignedLinkPage } from '@/components/signed-link-page';
import { useSignedLink } from '@/lib/use-signed-link';
import { brandName, useStoreInfo } from '@/state/store-info/use-store-info';

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
  const link = useSignedLink(INVALID_UNSUBSCRIBE_LINK);
  const [step, setStep] = useState<Step>('ask');
  const store = brandName(useStoreInfo().storeInfo) || 'The shop';
  const act = () =>
    link.run(async () => {
      setStep((await setCartReminders(link.token, step === 'off')) ? 'on' : 'off');
    });

  const { title, text, action } = words[step];
  return (
    <SignedLinkPage
      title={link.problem ? 'Cart reminders' : title}
      text={text(store)}
      problem={link.problem}
      action={action}
      busy={link.busy}
      quiet={step === 'off'}
      onAction={() => void act()}
    />
  );
}

import { QRCodeSVG } from 'qrcode.react';
import { RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { formatInr } from '@store/contracts/money';
import { upiMessages } from '@store/contracts/payment-rules';
import { Button } from '@store/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@store/ui/card';
import { useThankYouOncePaid } from '../lib/use-thank-you-once-paid';
import { countdownAnnouncement, formatCountdown, qrImageSrc } from '../lib/payment-result';

interface Props {
  orderId: string;
  qr?: string;
  qrBase64?: string;
  /** the order's total from the server, so the shopper can check what the UPI app asks */
  amount?: number;
  pollIntervalMs?: number;
  /** when the code stops being payable (ISO); without it there is no countdown */
  expiresAt?: string;
  /** asks the server for a new attempt with a new code */
  onNewQr?: () => void;
  /** a new code is being asked for */
  renewing?: boolean;
  /** demo stores only: the sandbox page that plays the shopper's UPI app for this code */
  sandboxUrl?: string;
}

/** Milliseconds until `expiresAt`, ticking each second; null without an expiry. */
function useTimeLeft(expiresAt: string | undefined): number | null {
  const deadline = expiresAt ? Date.parse(expiresAt) : NaN;
  const [now, setNow] = useState(() => Date.now());
  const running = Number.isFinite(deadline) && deadline > now;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return Number.isFinite(deadline) ? Math.max(0, deadline - now) : null;
}

/**
 * The QR screen: shows the code and polls the order until a verified payment makes it Processing.
 * A code with an expiry counts down; once expired it is hidden, the polling stops, and the shopper
 * may ask for a new one (a new attempt).
 */
export function QrPayment({
  orderId,
  qr,
  qrBase64,
  amount,
  pollIntervalMs,
  expiresAt,
  sandboxUrl,
  onNewQr,
  renewing = false,
}: Props) {
  const timeLeft = useTimeLeft(expiresAt);
  const expired = timeLeft === 0;
  useThankYouOncePaid(orderId, pollIntervalMs, !expired);
  const card = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The code replaces the form the shopper filled in: on a phone they are at the foot of the
    // page, where Pay Now was, and the shorter page left the code above the screen. Bring the
    // card to the top (below the sticky bar: scroll-mt) and give its heading the focus, so a
    // screen reader says what to do next.
    card.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, []);

  return (
    <Card ref={card} className="mx-auto max-w-md scroll-mt-20 text-center">
      <CardHeader>
        <CardTitle ref={heading} tabIndex={-1} className="focus:outline-none">
          Scan QR Code to Complete Payment
        </CardTitle>
        <CardDescription>
          Open any UPI app on your phone and scan this code. This page updates once the payment
          arrives.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid justify-items-center gap-4">
        {timeLeft !== null && !expired && (
          <p className="text-sm font-medium">
            Time left to pay:{' '}
            <span role="timer" className="font-semibold tabular-nums" data-testid="qr-countdown">
              {formatCountdown(timeLeft)}
            </span>
          </p>
        )}
        {/* the timer above is silent; this says the time at a few steps only */}
        <p className="sr-only" aria-live="polite">
          {timeLeft === null ? '' : countdownAnnouncement(timeLeft)}
        </p>
        {expired ? (
          <div className="grid justify-items-center gap-3">
            <p role="alert" className="text-sm font-medium text-destructive">
              {upiMessages.qrExpired}
            </p>
            {onNewQr && (
              <Button onClick={onNewQr} disabled={renewing}>
                <RefreshCw aria-hidden="true" />
                {renewing ? 'Getting a new QR code...' : 'Get a new QR code'}
              </Button>
            )}
          </div>
        ) : qr ? (
          <div className="rounded-lg bg-white p-4">
            <QRCodeSVG
              value={qr}
              size={224}
              marginSize={2}
              title="UPI payment QR code"
              data-testid="payment-qr"
            />
          </div>
        ) : qrBase64 ? (
          <img
            src={qrImageSrc(qrBase64)}
            alt="UPI payment QR code"
            width={224}
            height={224}
            data-testid="payment-qr-image"
          />
        ) : null}
        {typeof amount === 'number' && (
          <p className="text-lg font-semibold">Amount to pay: {formatInr(amount)}</p>
        )}
        {!expired && (
          <p className="text-sm text-muted-foreground" role="status">
            Order #{orderId}: waiting for payment…
          </p>
        )}
        {!expired && qr?.startsWith('upi:') && (
          <a href={qr} className="text-sm text-primary underline-offset-4 hover:underline">
            Paying on this phone? Open your UPI app
          </a>
        )}
        {!expired && sandboxUrl && (
          <a
            href={sandboxUrl}
            target="_blank"
            rel="noopener"
            className="text-sm text-muted-foreground underline underline-offset-4"
          >
            Demo store: pay this code in the sandbox UPI app
          </a>
        )}
      </CardContent>
    </Card>
  );
}

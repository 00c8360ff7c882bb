import { QRCodeSVG } from 'qrcode.react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { orderStatus } from '@store/contracts/order-rules';
import { formatInr } from '@store/contracts/money';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@store/ui/card';
import { useOrderStatusPolling } from '../api/get-order-status';
import { qrImageSrc } from '../lib/payment-result';
import { paths } from '@/lib/paths';

interface Props {
  orderId: string;
  qr?: string;
  qrBase64?: string;
  /** the order's total from the server, so the shopper can check what the UPI app asks */
  amount?: number;
  pollIntervalMs?: number;
}

/** The QR screen: shows the code and polls the order until a verified payment makes it Processing. */
export function QrPayment({ orderId, qr, qrBase64, amount, pollIntervalMs }: Props) {
  const navigate = useNavigate();
  const { data: status } = useOrderStatusPolling(orderId, pollIntervalMs);
  const paid = status === orderStatus.processing;

  useEffect(() => {
    if (paid) navigate(paths.orderSuccess, { replace: true, state: { orderId } });
  }, [paid, navigate, orderId]);

  return (
    <Card className="mx-auto max-w-md text-center">
      <CardHeader>
        <CardTitle>Scan QR Code to Complete Payment</CardTitle>
        <CardDescription>
          Open any UPI app on your phone and scan this code. This page updates once the payment
          arrives.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid justify-items-center gap-4">
        {qr ? (
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
        <p className="text-sm text-muted-foreground" role="status">
          Order #{orderId}: waiting for payment…
        </p>
        {qr?.startsWith('upi:') && (
          <a href={qr} className="text-sm text-primary underline-offset-4 hover:underline">
            Paying on this phone? Open your UPI app
          </a>
        )}
      </CardContent>
    </Card>
  );
}

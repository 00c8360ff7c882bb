import { act, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { upiMessages } from '@store/contracts/payment-rules';
import { setAuthToken } from '@/lib/cookies';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { QrPayment } from './qr-payment';

const START = new Date('2025-03-05T10:00:00.000Z');
// async, so the polled fetches answer between the ticks
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('QR payment countdown', () => {
  let polls = 0;
  const countPolls = ({ request }: { request: Request }) => {
    if (request.url.endsWith('/orders/ORD1')) polls += 1;
  };

  beforeEach(() => {
    vi.useFakeTimers({ now: START });
    setAuthToken('token-1');
    polls = 0;
    server.use(http.get(`${API}/orders/ORD1`, () => HttpResponse.json({ id: 'ORD1', status: 0 })));
    server.events.on('request:start', countPolls);
  });
  afterEach(() => {
    server.events.removeListener('request:start', countPolls);
    vi.useRealTimers();
  });

  it('counts down in mm:ss, announces only at steps, then expires: polling stops and a new QR is offered', async () => {
    const onNewQr = vi.fn();
    renderWithProviders(
      <QrPayment
        orderId="ORD1"
        qr="upi://pay?pa=shop@upi&am=449.00"
        amount={449}
        pollIntervalMs={3000}
        expiresAt={new Date(START.getTime() + 15 * 60_000).toISOString()}
        onNewQr={onNewQr}
      />,
    );
    const timer = screen.getByRole('timer');
    const live = document.querySelector('[aria-live="polite"]')!;
    expect(timer).toHaveTextContent('15:00');
    await advance(1000);
    expect(timer).toHaveTextContent('14:59');
    expect(live).toHaveTextContent(''); // nothing said every second
    await advance(5 * 60_000);
    expect(timer).toHaveTextContent('09:59');
    expect(live).toHaveTextContent('Less than 10 minutes left to pay');
    await advance(9 * 60_000);
    expect(timer).toHaveTextContent('00:59');
    expect(live).toHaveTextContent('Less than 1 minute left to pay');
    expect(polls).toBeGreaterThan(100); // every 3 s while payable

    await advance(59_000);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(upiMessages.qrExpired);
    expect(screen.queryByTestId('payment-qr')).not.toBeInTheDocument();
    expect(screen.getByText('Amount to pay: ₹449')).toBeInTheDocument();
    const pollsAtExpiry = polls;
    await advance(60_000);
    expect(polls).toBe(pollsAtExpiry);

    fireEvent.click(screen.getByRole('button', { name: 'Get a new QR code' }));
    expect(onNewQr).toHaveBeenCalledTimes(1);
  });

  it('without an expiry there is no countdown and the code stays', async () => {
    renderWithProviders(<QrPayment orderId="ORD1" qr="upi://pay?pa=shop@upi" />);
    await advance(20 * 60_000);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByTestId('payment-qr')).toBeInTheDocument();
  });

  it('offers the sandbox UPI app only when the store is a demo and sends its link', async () => {
    const { unmount } = renderWithProviders(
      <QrPayment
        orderId="ORD1"
        qr="upi://pay?pa=demo-store@sandbox"
        sandboxUrl="/sandbox-gateway/upi?paymentId=PAY1&token=1.ab"
      />,
    );
    expect(
      screen.getByRole('link', { name: 'Demo store: pay this code in the sandbox UPI app' }),
    ).toHaveAttribute('href', '/sandbox-gateway/upi?paymentId=PAY1&token=1.ab');
    unmount();
    renderWithProviders(<QrPayment orderId="ORD1" qr="upi://pay?pa=shop@upi" />);
    expect(screen.queryByRole('link', { name: /sandbox/ })).not.toBeInTheDocument();
  });
});

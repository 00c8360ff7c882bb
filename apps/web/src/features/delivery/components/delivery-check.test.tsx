import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { DeliveryCheck } from './delivery-check';

describe('Check delivery (product page)', () => {
  it('shows the estimate for a PIN typed with a space, and remembers it', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/pincodes/')) asked.push(new URL(request.url).pathname);
    });
    const user = userEvent.setup();
    renderWithProviders(<DeliveryCheck />);
    await user.type(screen.getByLabelText('PIN code'), '560 038');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Delivery by Thu, 27 Nov – Tue, 2 Dec')).toBeInTheDocument();
    expect(screen.getByText('to Bangalore, Karnataka (560038)')).toBeInTheDocument();
    expect(asked).toEqual(['/api/v1/pincodes/560038']);
    server.events.removeAllListeners();
    expect(JSON.parse(window.localStorage.getItem('store:delivery-pin')!)).toBe('560038');
  });

  it('answers a PIN the page was asked with (the form sent before its code arrived) over the remembered one, and remembers it', async () => {
    window.localStorage.setItem('store:delivery-pin', JSON.stringify('110001'));
    renderWithProviders(<DeliveryCheck />, { route: '/product/p1?pin=560038' });
    expect(screen.getByLabelText('PIN code')).toHaveValue('560038');
    expect(await screen.findByText('to Bangalore, Karnataka (560038)')).toBeInTheDocument();
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem('store:delivery-pin')!)).toBe('560038'),
    );
    expect(screen.getByLabelText('PIN code')).toHaveValue('560038');
  });

  it('says what is wrong with a malformed PIN the page was asked with, without asking', () => {
    renderWithProviders(<DeliveryCheck />, { route: '/product/p1?pin=05600' });
    expect(screen.getByLabelText('PIN code')).toHaveValue('05600');
    expect(
      screen.getByText('PIN code must be 6 digits and cannot start with 0'),
    ).toBeInTheDocument();
  });

  it('is a form the browser can send by itself: GET, the box named pin', () => {
    renderWithProviders(<DeliveryCheck />);
    const input = screen.getByLabelText('PIN code');
    expect(input).toHaveAttribute('name', 'pin');
    expect(input.closest('form')).toHaveAttribute('method', 'get');
  });

  it('answers at once on the next product page with the remembered PIN', async () => {
    window.localStorage.setItem('store:delivery-pin', JSON.stringify('110001'));
    renderWithProviders(<DeliveryCheck />);
    expect(screen.getByLabelText('PIN code')).toHaveValue('110001');
    expect(await screen.findByText('Delivery by Thu, 27 Nov – Tue, 2 Dec')).toBeInTheDocument();
    expect(screen.getByText('to Central Delhi, Delhi (110001)')).toBeInTheDocument();
  });

  it("says so for a malformed PIN without asking, and gives the server's words for an unknown one", async () => {
    let calls = 0;
    server.use(
      http.get(`${API}/pincodes/:pin`, ({ params }) => {
        calls++;
        return HttpResponse.json(
          { error: `We could not find PIN code ${String(params.pin)}. Please check it.` },
          { status: 404 },
        );
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<DeliveryCheck />);
    const input = screen.getByLabelText('PIN code');
    await user.type(input, '05600');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(
      await screen.findByText('PIN code must be 6 digits and cannot start with 0'),
    ).toBeInTheDocument();
    expect(calls).toBe(0);
    await user.clear(input);
    await user.type(input, '123456');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(
      await screen.findByText('We could not find PIN code 123456. Please check it.'),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/Delivery by/)).not.toBeInTheDocument();
  });
});

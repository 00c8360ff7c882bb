import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { StoreSettings } from '@store/contracts/admin/settings';
import { defaultDeliveryZones } from '@store/contracts/delivery';
import { ADMIN_API, server } from '@/test/msw-server';
import { storeSettingsFixture } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import type { StoreSettingsResponse } from '../api/settings';
import { SettingsForm } from './settings-form';

const settings = storeSettingsFixture({
  storeName: 'Paper & Quill',
  companyPhone: '+91 98765 43210',
  description: 'Stationery',
  categoryImages: {},
  upiPayeeName: 'Paper and Quill',
});
const response: StoreSettingsResponse = {
  settings,
  availablePaymentMethods: ['upi_qr'],
  productsWithoutWeight: 0,
};

describe('Store settings: delivery', () => {
  it('saves the dispatch PIN and each zone’s working days as numbers', async () => {
    let sent: StoreSettings | undefined;
    server.use(
      http.put(`${ADMIN_API}/settings`, async ({ request }) => {
        sent = (await request.json()) as StoreSettings;
        return HttpResponse.json({ ...response, settings: sent });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SettingsForm data={response} categories={[]} />);
    const pin = screen.getByLabelText('Dispatch PIN code');
    expect(pin).toHaveValue('700016');
    await user.clear(pin);
    await user.type(pin, '560001');
    const slowest = screen.getByLabelText('Metro cities: slowest');
    expect(slowest).toHaveValue(5);
    await user.clear(slowest);
    await user.type(slowest, '4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => sent).toBeDefined();
    expect(sent?.dispatchPin).toBe('560001');
    expect(sent?.deliveryZones).toEqual({ ...defaultDeliveryZones, metro: { min: 2, max: 4 } });
  });

  it('refuses a zone whose fastest is later than its slowest, before asking the server', async () => {
    let puts = 0;
    server.use(http.put(`${ADMIN_API}/settings`, () => (puts++, HttpResponse.json(response))));
    const user = userEvent.setup();
    renderWithProviders(<SettingsForm data={response} categories={[]} />);
    const fastest = screen.getByLabelText('Same city: fastest');
    await user.clear(fastest);
    await user.type(fastest, '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The fastest delivery cannot be later than the slowest'),
    ).toBeInTheDocument();
    expect(puts).toBe(0);
  });

  it('shows the server’s word on an unknown dispatch PIN on that field', async () => {
    const message = 'We could not find PIN code 123456. Please check it.';
    server.use(
      http.put(`${ADMIN_API}/settings`, () =>
        HttpResponse.json(
          { error: 'Please correct the errors in the form', fields: { dispatchPin: message } },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<SettingsForm data={response} categories={[]} />);
    const pin = screen.getByLabelText('Dispatch PIN code');
    await user.clear(pin);
    await user.type(pin, '123456');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(pin).toHaveAccessibleDescription(expect.stringContaining(message));
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { StoreSettings } from '@store/contracts/admin/settings';
import { defaultDeliveryZones } from '@store/contracts/delivery';
import { ADMIN_API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import type { StoreSettingsResponse } from '../api/settings';
import { SettingsForm } from './settings-form';

const settings: StoreSettings = {
  storeName: 'Kagaz & Kalam',
  companyName: 'Kagaz Kalam Pvt Ltd',
  companyAddress: '12 Park Street, Kolkata',
  companyPhone: '+91 98300 12345',
  companyEmail: 'hello@example.com',
  description: '',
  companyLogoUrl: '',
  categoryImages: { default: '/images/categories/default.svg' },
  policies: {},
  paymentMethods: ['upi_qr'],
  upiVpa: 'shop@okbank',
  upiPayeeName: '',
  dispatchPin: '700016',
  deliveryZones: defaultDeliveryZones,
  gstin: '',
  gstState: '',
  codEnabled: true,
  codMaxRupees: 5000,
  codPinPrefixes: [],
  maxOpenOrders: 3,
  maxHeldUnits: 20,
  codConfirmHours: 48,
};
const response: StoreSettingsResponse = { settings, availablePaymentMethods: ['upi_qr'] };

function capturePut() {
  const sent: { body?: StoreSettings } = {};
  server.use(
    http.put(`${ADMIN_API}/settings`, async ({ request }) => {
      sent.body = (await request.json()) as StoreSettings;
      return HttpResponse.json({ ...response, settings: sent.body });
    }),
  );
  return sent;
}

async function retype(label: string, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

describe('Store settings: orders and stock', () => {
  it('shows the caps and sends what the owner typed, as numbers', async () => {
    const sent = capturePut();
    renderWithProviders(<SettingsForm data={response} categories={[]} />);
    expect(screen.getByRole('group', { name: 'Orders and stock' })).toBeInTheDocument();
    expect(screen.getByLabelText('Open orders per shopper')).toHaveValue(3);
    expect(screen.getByLabelText('Units of one product per shopper')).toHaveValue(20);
    expect(screen.getByLabelText('Hours to confirm cash on delivery')).toHaveValue(48);
    await retype('Open orders per shopper', '2');
    await retype('Units of one product per shopper', '50');
    await retype('Hours to confirm cash on delivery', '24');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => sent.body).toBeDefined();
    expect(sent.body).toMatchObject({ maxOpenOrders: 2, maxHeldUnits: 50, codConfirmHours: 24 });
  });

  it('refuses 0 and a fraction before sending', async () => {
    const sent = capturePut();
    renderWithProviders(<SettingsForm data={response} categories={[]} />);
    await retype('Open orders per shopper', '0');
    await retype('Units of one product per shopper', '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Enter a whole number of orders from 1 to 1,000'),
    ).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number of units from 1 to 10,000')).toBeInTheDocument();
    expect(sent.body).toBeUndefined();
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { captureSettingsPut } from '@/test/msw-server';
import { storeSettingsFixture } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import type { StoreSettingsResponse } from '../api/settings';
import { SettingsForm } from './settings-form';

const settings = storeSettingsFixture();
const response: StoreSettingsResponse = {
  settings,
  availablePaymentMethods: ['upi_qr'],
  productsWithoutWeight: 0,
};

const capturePut = () => captureSettingsPut(response);

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

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { captureSettingsPut } from '@/test/msw-server';
import { storeSettingsFixture } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import type { StoreSettingsResponse } from '../api/settings';
import { SettingsForm } from './settings-form';

const response: StoreSettingsResponse = {
  settings: storeSettingsFixture(),
  availablePaymentMethods: ['upi_qr'],
  productsWithoutWeight: 0,
};
const label = 'Hours before a cart reminder';

async function retype(value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

describe('Store settings: cart reminders', () => {
  it('shows the 24 hours and sends what the owner typed, 0 turning reminders off', async () => {
    const sent = captureSettingsPut(response);
    renderWithProviders(<SettingsForm data={response} categories={[]} />);
    expect(screen.getByRole('group', { name: 'Cart reminders' })).toBeInTheDocument();
    expect(screen.getByLabelText(label)).toHaveValue(24);
    await retype('0');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => sent.body).toBeDefined();
    expect(sent.body).toMatchObject({ cartReminderHours: 0 });
  });

  it('refuses a fraction or more than a month before sending', async () => {
    const sent = captureSettingsPut(response);
    renderWithProviders(<SettingsForm data={response} categories={[]} />);
    await retype('721');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Enter a whole number of hours from 0 (no reminders) to 720'),
    ).toBeInTheDocument();
    await retype('1.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Enter a whole number of hours from 0 (no reminders) to 720'),
    ).toBeInTheDocument();
    expect(sent.body).toBeUndefined();
  });
});

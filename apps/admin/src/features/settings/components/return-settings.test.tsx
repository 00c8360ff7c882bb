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
const label = 'Days to request a return';

async function retype(value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

describe('Store settings: returns', () => {
  it('shows the 7 days and sends what the owner typed, 0 taking no returns', async () => {
    const sent = captureSettingsPut(response);
    renderWithProviders(<SettingsForm data={response} categories={[]} />);
    expect(screen.getByRole('group', { name: 'Returns' })).toBeInTheDocument();
    expect(screen.getByLabelText(label)).toHaveValue(7);
    await retype('0');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => sent.body).toBeDefined();
    expect(sent.body).toMatchObject({ returnWindowDays: 0 });
  });

  it('refuses more than 90 days before sending', async () => {
    const sent = captureSettingsPut(response);
    renderWithProviders(<SettingsForm data={response} categories={[]} />);
    await retype('91');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Enter a whole number of days from 0 (no returns) to 90'),
    ).toBeInTheDocument();
    expect(sent.body).toBeUndefined();
  });
});

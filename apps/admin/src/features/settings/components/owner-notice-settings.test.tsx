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

describe('Store settings: owner e-mails', () => {
  it('shows each e-mail on, and saves the ones the owner switches off', async () => {
    const sent = captureSettingsPut(response);
    renderWithProviders(<SettingsForm data={response} categories={[]} />);
    const group = screen.getByRole('group', { name: 'Owner e-mails' });
    expect(group).toBeInTheDocument();
    for (const name of [
      'A new order (paid, or cash on delivery)',
      'A return request',
      'Stock reaching the low-stock level',
      'A daily summary (each morning, of the day before)',
    ])
      expect(screen.getByRole('checkbox', { name })).toBeChecked();
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Stock reaching the low-stock level' }),
    );
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'A daily summary (each morning, of the day before)' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => sent.body).toBeDefined();
    expect(sent.body?.ownerNotices).toEqual({
      newOrder: true,
      returnRequest: true,
      lowStock: false,
      dailySummary: false,
    });
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { gstinMessages } from '@store/contracts/gst';
import { ADMIN_API, captureSettingsPut, server } from '@/test/msw-server';
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

describe('Store settings: GST and cash on delivery', () => {
  it('sends the GSTIN in capitals with its state, and the COD limit and PIN prefixes as typed', async () => {
    const sent = capturePut();
    const user = userEvent.setup();
    renderWithProviders(<SettingsForm data={response} categories={[]} />);
    await user.type(screen.getByLabelText('GSTIN'), '19aagck4821l1z7');
    await user.selectOptions(screen.getByLabelText('GST state'), 'West Bengal');
    const limit = screen.getByLabelText('Largest order for cash on delivery (₹)');
    await user.clear(limit);
    await user.type(limit, '3000');
    await user.type(screen.getByLabelText('PIN codes served'), '700, 711 7431');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => sent.body).toBeDefined();
    expect(sent.body).toMatchObject({
      gstin: '19AAGCK4821L1Z7',
      gstState: 'West Bengal',
      codEnabled: true,
      codMaxRupees: 3000,
      codPinPrefixes: ['700', '711', '7431'],
    });
  });

  it('refuses a GSTIN with a typing mistake and a PIN prefix that is not digits, before sending', async () => {
    const sent = capturePut();
    const user = userEvent.setup();
    renderWithProviders(<SettingsForm data={response} categories={[]} />);
    await user.type(screen.getByLabelText('GSTIN'), '19AAGCK4821L1Z8');
    await user.type(screen.getByLabelText('PIN codes served'), '70a');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(gstinMessages.checkCharacter)).toBeInTheDocument();
    expect(
      screen.getByText('A PIN prefix is 1 to 6 digits and cannot start with 0'),
    ).toBeInTheDocument();
    expect(sent.body).toBeUndefined();
  });

  it("shows the server's state mismatch on the GSTIN field", async () => {
    server.use(
      http.put(`${ADMIN_API}/settings`, () =>
        HttpResponse.json(
          {
            error: 'Please correct the errors in the form',
            fields: { gstin: 'This GSTIN is registered in West Bengal (19), not Karnataka' },
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<SettingsForm data={response} categories={[]} />);
    await user.type(screen.getByLabelText('GSTIN'), '19AAGCK4821L1Z7');
    await user.selectOptions(screen.getByLabelText('GST state'), 'Karnataka');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByText(
      'This GSTIN is registered in West Bengal (19), not Karnataka',
    );
    expect(screen.getByLabelText('GSTIN')).toHaveAccessibleDescription(
      expect.stringContaining(message.textContent!),
    );
    // the field, far above Save on a phone, takes the focus
    expect(screen.getByLabelText('GSTIN')).toHaveFocus();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { StoreSettings } from '@store/contracts/admin/settings';
import { ADMIN_API, server } from '@/test/msw-server';
import { storeSettingsFixture } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import type { StoreSettingsResponse } from '../api/settings';
import { SettingsForm } from './settings-form';

const settings = storeSettingsFixture({
  storeName: 'Paper & Quill',
  companyAddress: '12 MG Road, Bengaluru',
  companyPhone: '+91 98765 43210',
  description: 'Stationery',
  categoryImages: { default: 'https://cdn.example.com/default.jpg' },
  policies: { terms: '<p>Terms of {companyName}</p>' },
  upiPayeeName: 'Paper and Quill',
  gstin: '19AAGCK4821L1Z7',
  gstState: 'West Bengal',
});
const response: StoreSettingsResponse = {
  settings,
  availablePaymentMethods: ['upi_qr', 'upi_app', 'gateway'],
  productsWithoutWeight: 0,
};

describe('Store settings', () => {
  it('Save sends the whole form as the contract has it', async () => {
    let sent: StoreSettings | undefined;
    server.use(
      http.put(`${ADMIN_API}/settings`, async ({ request }) => {
        sent = (await request.json()) as StoreSettings;
        return HttpResponse.json({ ...response, settings: sent });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SettingsForm data={response} categories={['Notebooks']} />);
    const name = screen.getByLabelText('Store name');
    await user.clear(name);
    await user.type(name, 'Ink & Paper');
    await user.click(screen.getByLabelText('UPI app on the phone'));
    await user.type(screen.getByLabelText('Notebooks image URL'), 'https://cdn.example.com/nb.jpg');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => sent).toBeDefined();
    expect(sent).toEqual({
      ...settings,
      storeName: 'Ink & Paper',
      paymentMethods: ['upi_qr', 'upi_app'],
      categoryImages: {
        default: 'https://cdn.example.com/default.jpg',
        Notebooks: 'https://cdn.example.com/nb.jpg',
      },
    });
  });

  it('offers only the payment methods the server can, and refuses none at all', async () => {
    let puts = 0;
    server.use(http.put(`${ADMIN_API}/settings`, () => (puts++, HttpResponse.json(response))));
    const user = userEvent.setup();
    renderWithProviders(<SettingsForm data={response} categories={[]} />);
    expect(screen.getByLabelText(/PayU/)).toBeDisabled();
    await user.click(screen.getByLabelText('UPI QR code'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Offer at least one payment method')).toBeInTheDocument();
    expect(puts).toBe(0);
  });

  it("puts the server's field errors on the fields", async () => {
    server.use(
      http.put(`${ADMIN_API}/settings`, () =>
        HttpResponse.json(
          { error: 'Invalid input', fields: { upiVpa: 'This UPI ID is refused by the bank' } },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<SettingsForm data={response} categories={[]} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This UPI ID is refused by the bank')).toBeInTheDocument();
    expect(screen.getByLabelText('UPI ID')).toHaveAttribute('aria-invalid', 'true');
  });

  it('previews a policy sanitised, with the placeholders filled from the form', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SettingsForm data={response} categories={[]} />);
    const terms = screen.getByLabelText('Terms and conditions (HTML)');
    await user.clear(terms);
    // userEvent reads { as a key descriptor: {{ types one brace
    await user.type(terms, '<p>Sold by {{companyName}</p><img src=x onerror="alert(1)">');
    const preview = screen.getByRole('region', {
      name: 'Terms and conditions preview',
      hidden: true,
    });
    expect(preview.innerHTML).toContain('<p>Sold by Kagaz Kalam Pvt Ltd</p>');
    expect(preview.innerHTML).not.toContain('onerror');
  });

  it('shows an empty policy’s built-in text filled in, and starts the owner’s own from it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SettingsForm data={response} categories={[]} />);
    const preview = screen.getByRole('region', { name: 'Privacy policy preview', hidden: true });
    // what shoppers read on /privacy, with this store's name, not a note that "a text is shown"
    expect(preview.textContent).toContain('Grievance Officer');
    expect(preview.textContent).toContain('Kagaz Kalam Pvt Ltd');
    expect(preview.innerHTML).not.toContain('{companyName}');
    const field = screen.getByLabelText('Privacy policy (HTML)');
    expect(field).toHaveValue('');
    await user.click(
      within(field.closest('details')!).getByRole('button', {
        name: 'Start from the built-in text',
        hidden: true,
      }),
    );
    expect((field as HTMLTextAreaElement).value).toContain('Grievance Officer');
    expect((field as HTMLTextAreaElement).value).toContain('{companyName}');
  });

  it('uploads a logo from the computer and keeps its address in the Logo URL', async () => {
    server.use(
      http.post(`${ADMIN_API}/images`, () =>
        HttpResponse.json(
          { id: 'img1', url: '/media/img1/logo.webp', width: 400, height: 200 },
          { status: 201 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<SettingsForm data={response} categories={[]} />);
    await user.upload(
      screen.getByLabelText('Upload logo'),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }),
    );
    await expect
      .poll(() => (screen.getByLabelText('Logo URL') as HTMLInputElement).value)
      .toBe('/media/img1/logo.webp');
    expect(screen.getByRole('img', { name: 'The store’s logo' })).toHaveAttribute(
      'src',
      '/media/img1/logo.webp',
    );
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { StoreSettings } from '@store/contracts/admin/settings';
import { deliveryZoneIds } from '@store/contracts/delivery';
import { ADMIN_API, server } from '@/test/msw-server';
import { storeSettingsFixture } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import type { StoreSettingsResponse } from '../api/settings';
import { SettingsForm } from './settings-form';

const every = (rupees: number) =>
  Object.fromEntries(deliveryZoneIds.map((id) => [id, rupees])) as Record<
    (typeof deliveryZoneIds)[number],
    number
  >;

const response = (over: Partial<StoreSettings> = {}, productsWithoutWeight = 0) =>
  ({
    settings: storeSettingsFixture(over),
    availablePaymentMethods: ['upi_qr'],
    productsWithoutWeight,
  }) satisfies StoreSettingsResponse;

/** Every PUT's body, answered as saved. */
function recordPuts() {
  const sent: StoreSettings[] = [];
  server.use(
    http.put(`${ADMIN_API}/settings`, async ({ request }) => {
      const body = (await request.json()) as StoreSettings;
      sent.push(body);
      return HttpResponse.json({ ...response(), settings: body });
    }),
  );
  return sent;
}

async function typeInto(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.type(field, value);
}

describe('Store settings: delivery charges', () => {
  it('a new store says delivery is Free everywhere, with nothing to fill', () => {
    renderWithProviders(<SettingsForm data={response()} categories={[]} />);
    expect(screen.getByText(/^No rates: delivery is/)).toHaveTextContent(
      'No rates: delivery is Free everywhere.',
    );
    expect(screen.getByLabelText('Charge by weight too')).not.toBeChecked();
    expect(screen.getByLabelText('Free delivery above (₹)')).toHaveValue(null);
    expect(screen.getByLabelText('Cash on delivery fee (₹)')).toHaveValue(0);
  });

  // many fields typed one key at a time: slow on a busy machine
  it(
    'the owner builds a table of two bands, a weight rule, a threshold and a COD fee, and saves it',
    { timeout: 30_000 },
    async () => {
      const sent = recordPuts();
      const user = userEvent.setup();
      renderWithProviders(<SettingsForm data={response({}, 7)} categories={[]} />);

      await user.click(screen.getByRole('button', { name: 'Add an order-value band' }));
      expect(screen.getByLabelText('Band 1: orders from (₹)')).toHaveValue(0);
      await typeInto(user, 'Band 1, Rest of India (₹)', '120');
      await typeInto(user, 'Band 1, Metro cities (₹)', '80.50');
      await user.click(screen.getByRole('button', { name: 'Add an order-value band' }));
      // the new band's value is the owner's to type: the field has the focus
      expect(screen.getByLabelText('Band 2: orders from (₹)')).toHaveFocus();
      await user.type(screen.getByLabelText('Band 2: orders from (₹)'), '500');
      await typeInto(user, 'Band 2, Rest of India (₹)', '60');

      await user.click(screen.getByLabelText('Charge by weight too'));
      expect(screen.getByText(/7 products have no weight/)).toBeVisible();
      await typeInto(user, 'Each further step (g)', '1000');
      await typeInto(user, 'Per step, North-East and islands (₹)', '45');

      await user.type(screen.getByLabelText('Free delivery above (₹)'), '999');
      await typeInto(user, 'Cash on delivery fee (₹)', '40');
      await user.click(screen.getByRole('button', { name: 'Save' }));

      await expect.poll(() => sent.length).toBe(1);
      expect(sent[0]!.deliveryCharges).toEqual({
        bands: [
          { fromRupees: 0, charges: { ...every(0), restOfIndia: 120, metro: 80.5 } },
          { fromRupees: 500, charges: { ...every(0), restOfIndia: 60 } },
        ],
        weight: {
          includedGrams: 500,
          stepGrams: 1000,
          stepCharges: { ...every(0), northEastAndIslands: 45 },
        },
        freeAboveRupees: 999,
      });
      expect(sent[0]!.codFeeRupees).toBe(40);
    },
  );

  it('refuses a band that does not start above the one before and a negative charge, before asking the server', async () => {
    const sent = recordPuts();
    const user = userEvent.setup();
    renderWithProviders(
      <SettingsForm
        data={response({
          deliveryCharges: {
            bands: [
              { fromRupees: 0, charges: every(50) },
              { fromRupees: 500, charges: every(25) },
            ],
            weight: null,
            freeAboveRupees: null,
          },
        })}
        categories={[]}
      />,
    );
    await typeInto(user, 'Band 2: orders from (₹)', '0');
    await typeInto(user, 'Band 1, Same city (₹)', '-5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Start above the band before (₹0)')).toBeVisible();
    expect(screen.getByLabelText('Band 2: orders from (₹)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByLabelText('Band 1, Same city (₹)')).toHaveAccessibleDescription(
      'Enter an amount of ₹0 or more',
    );
    expect(sent).toHaveLength(0);
  });

  it('puts the server’s word on the one field it names', async () => {
    const message = 'At most ₹10,000';
    server.use(
      http.put(`${ADMIN_API}/settings`, () =>
        HttpResponse.json(
          {
            error: 'Please correct the errors in the form',
            fields: { 'deliveryCharges.bands.0.charges.metro': message },
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <SettingsForm
        data={response({
          deliveryCharges: {
            bands: [{ fromRupees: 0, charges: every(50) }],
            weight: null,
            freeAboveRupees: 999,
          },
        })}
        categories={[]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByLabelText('Band 1, Metro cities (₹)')).toHaveAccessibleDescription(message);
  });

  it('removing every band, the weight rule and the threshold goes back to free everywhere', async () => {
    const sent = recordPuts();
    const user = userEvent.setup();
    renderWithProviders(
      <SettingsForm
        data={response({
          deliveryCharges: {
            bands: [{ fromRupees: 0, charges: every(50) }],
            weight: { includedGrams: 500, stepGrams: 500, stepCharges: every(10) },
            freeAboveRupees: 999,
          },
        })}
        categories={[]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Remove band 1' }));
    await user.click(screen.getByLabelText('Charge by weight too'));
    await user.clear(screen.getByLabelText('Free delivery above (₹)'));
    expect(screen.getByText(/^No rates: delivery is/)).toHaveTextContent('Free everywhere');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]!.deliveryCharges).toEqual({ bands: [], weight: null, freeAboveRupees: null });
  });
});

import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeInfoFixture } from '@/test/fixtures';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { Component as PolicySlugRoute } from '@/app/routes/policy-slug-route';

function renderPolicy(slug: string) {
  return renderWithProviders(<PolicySlugRoute />, { route: `/${slug}`, path: '/:policyType' });
}

describe('policy pages', () => {
  it('shows the built-in text with store details, the badge and the page title', async () => {
    renderPolicy('privacy');
    expect(screen.getByText('Policy Information')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: '7. Grievance Officer' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Monday to Friday, 10:00-17:00/)).toBeInTheDocument();
    await waitFor(() =>
      expect(document.title).toBe('Privacy Policy | Paper Trail Stationers Pvt Ltd'),
    );
  });

  it('renders a sanitised store override with placeholders filled', async () => {
    server.use(
      http.get(`${API}/storeInfo`, () =>
        HttpResponse.json({
          ...storeInfoFixture,
          policies: {
            shipping:
              '<p>Ships from {companyAddress}</p><img src="x" onerror="window.hacked=1"><script>window.hacked=1</script>',
          },
        }),
      ),
    );
    const { container } = renderPolicy('shipping');
    expect(
      await screen.findByText('Ships from 12 MG Road, Bengaluru, Karnataka 560001'),
    ).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
  });

  it.each(['login', 'orders', 'faq'])('sends /%s to /404', async (slug) => {
    renderPolicy(slug);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/404'));
  });

  it.each([
    ['terms', 'Terms and Conditions'],
    ['refund', 'Refund Policy'],
    ['return', 'Return and Cancellation Policy'],
    ['shipping', 'Shipping Policy'],
    ['about', 'About Us'],
  ])('shows /%s', async (slug, title) => {
    renderPolicy(slug);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findAllByText(/Paper Trail Stationers Pvt Ltd/)).not.toHaveLength(0);
  });
});

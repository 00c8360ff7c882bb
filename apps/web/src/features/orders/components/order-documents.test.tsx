import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDocument } from '@store/contracts/orders';
import { setAuthToken, clearAuthToken } from '@/lib/cookies';
import { API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { expectToast } from '@/test/toasts';
import { OrderDocuments } from './order-documents';

const invoice: OrderDocument = {
  id: '0b7f6a52-7f0e-4b53-9a43-1b9fd2c7a001',
  kind: 'invoice',
  number: 'KK/26-27/000007',
  issuedAt: '2026-11-24T10:00:00.000Z',
  totalPaise: 59800,
};
const creditNote: OrderDocument = {
  ...invoice,
  id: '0b7f6a52-7f0e-4b53-9a43-1b9fd2c7a002',
  kind: 'credit_note',
  number: 'KKC/26-27/000001',
};

const pdfBytes = new TextEncoder().encode('%PDF-1.7 test');

describe('order documents', () => {
  let saved: { href: string; download: string }[];
  beforeEach(() => {
    saved = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    clearAuthToken();
  });

  it('downloads the invoice with the shopper’s token and saves it under the server’s name', async () => {
    setAuthToken('token-1');
    const seen: { auth: string | null; contact: string | null }[] = [];
    server.use(
      http.get(`${API}/orders/:orderId/documents/:file`, async ({ request, params }) => {
        seen.push({
          auth: request.headers.get('authorization'),
          contact: new URL(request.url).searchParams.get('contactInfo'),
        });
        expect(params).toEqual({ orderId: 'K7M2QX9P', file: `${invoice.id}.pdf` });
        await delay(30);
        return new HttpResponse(pdfBytes, {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="KK-26-27-000007.pdf"',
          },
        });
      }),
    );
    renderWithProviders(<OrderDocuments orderId="K7M2QX9P" documents={[invoice, creditNote]} />);
    const button = screen.getByRole('button', { name: /Download invoice/ });
    expect(
      screen.getByRole('button', { name: /Download credit note KKC\/26-27\/000001/ }),
    ).toBeEnabled();
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ href: 'blob:invoice', download: 'KK-26-27-000007.pdf' });
    expect(seen).toEqual([{ auth: 'Bearer token-1', contact: null }]);
    await vi.waitFor(() => expect(button).toBeEnabled());
  });

  it('on Track order sends the contact the visitor gave, and says when it fails', async () => {
    const contacts: (string | null)[] = [];
    server.use(
      http.get(`${API}/orders/:orderId/documents/:file`, ({ request }) => {
        contacts.push(new URL(request.url).searchParams.get('contactInfo'));
        return HttpResponse.json({ error: 'Order not found or access denied' }, { status: 404 });
      }),
    );
    renderWithProviders(
      <OrderDocuments orderId="K7M2QX9P" documents={[invoice]} contactInfo="asha@example.in" />,
    );
    await userEvent.click(screen.getByRole('button', { name: /Download invoice/ }));
    await expectToast('Could not download the invoice KK/26-27/000007. Please try again.', {
      title: 'Download failed',
      type: 'error',
    });
    expect(contacts).toEqual(['asha@example.in']);
    expect(saved).toHaveLength(0);
  });

  it('shows nothing before the order has a document', () => {
    const { container } = renderWithProviders(<OrderDocuments orderId="K7M2QX9P" documents={[]} />);
    expect(container.querySelector('ul')).toBeNull();
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { catchSavedFiles } from '@/test/saved-files';
import { OrderDocuments } from './order-documents';

const invoice = {
  id: '0b7f6a52-7f0e-4b53-9a43-1b9fd2c7a001',
  kind: 'invoice' as const,
  number: 'KK/26-27/000007',
  issuedAt: '2026-11-24T10:00:00.000Z',
  totalPaise: 59800,
};

afterEach(() => vi.restoreAllMocks());

describe('order documents (back office)', () => {
  it('lists the invoice and downloads its PDF with the staff token', async () => {
    const saved = catchSavedFiles();
    let auth: string | null = null;
    server.use(
      http.get(`${ADMIN_API}/orders/K7M2QX9P/documents/${invoice.id}.pdf`, ({ request }) => {
        auth = request.headers.get('authorization');
        return new HttpResponse(new TextEncoder().encode('%PDF-1.7'), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="KK-26-27-000007.pdf"',
          },
        });
      }),
    );
    renderWithProviders(<OrderDocuments orderId="K7M2QX9P" documents={[invoice]} />, {
      role: 'staff',
    });
    expect(screen.getByText('Tax invoice KK/26-27/000007')).toBeInTheDocument();
    expect(screen.getByText(/₹598\.00/)).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Download PDF of tax invoice KK/26-27/000007' }),
    );
    await vi.waitFor(() => expect(saved).toEqual(['KK-26-27-000007.pdf']));
    expect(auth).toBe('Bearer token-staff');
  });

  it('says when the invoice will come', () => {
    renderWithProviders(<OrderDocuments orderId="K7M2QX9P" documents={[]} />);
    expect(
      screen.getByText(
        'The tax invoice is issued when the order is paid (cash on delivery: when it is shipped).',
      ),
    ).toBeInTheDocument();
  });
});

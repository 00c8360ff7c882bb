import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type {
  AdminMessageList,
  AdminSubscriberList,
  ContactMessage,
} from '@store/contracts/admin/messages';
import { ADMIN_API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { MessageDetail } from './message-detail';
import { MessagesInbox } from './messages-inbox';
import { SubscribersTable } from './subscribers-table';

const newest: ContactMessage = {
  id: '5f0c7d2e-1111-4a6b-9c1d-2e3f4a5b6c7d',
  name: 'Asha Verma',
  email: 'asha@example.in',
  subject: 'Bulk order of A5 diaries',
  message: 'Do you offer a discount for 200 diaries?\nWe are a school in Pune.',
  receivedAt: '2026-11-24T10:30:00.000Z',
  readAt: null,
};
const older: ContactMessage = {
  ...newest,
  id: '5f0c7d2e-2222-4a6b-9c1d-2e3f4a5b6c7d',
  name: 'Ravi Kumar',
  email: 'ravi@example.in',
  subject: 'Where is my parcel?',
  receivedAt: '2026-11-23T09:00:00.000Z',
  readAt: '2026-11-23T10:00:00.000Z',
};

describe('Messages inbox', () => {
  it('lists messages newest first as the server sends them, unread ones marked, each opening its page', async () => {
    const list: AdminMessageList = {
      data: [newest, older],
      total: 2,
      unread: 1,
      page: 1,
      limit: 20,
    };
    server.use(http.get(`${ADMIN_API}/messages`, () => HttpResponse.json(list)));
    renderWithProviders(<MessagesInbox />, { route: '/messages' });
    const table = await screen.findByRole('table', { name: 'Messages' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Bulk order of A5 diaries' })).toHaveAttribute(
      'href',
      `/messages/${newest.id}`,
    );
    expect(within(first!).getByText('Unread')).toBeInTheDocument();
    expect(within(first!).getByText('asha@example.in')).toBeInTheDocument();
    expect(within(second!).getByText('Where is my parcel?')).toBeInTheDocument();
    expect(within(second!).getByText('Read')).toBeInTheDocument();
    expect(screen.getByText(/1 unread message\./)).toBeInTheDocument();
  });

  it('says where messages come from while there are none', async () => {
    server.use(
      http.get(`${ADMIN_API}/messages`, () =>
        HttpResponse.json({ data: [], total: 0, unread: 0, page: 1, limit: 20 }),
      ),
    );
    renderWithProviders(<MessagesInbox />, { route: '/messages' });
    expect(
      await screen.findByText('No messages yet. Messages sent from the Contact page appear here.'),
    ).toBeInTheDocument();
  });
});

describe('a message', () => {
  it('shows the text, replies by e-mail, and is marked read on the server', async () => {
    const marked: unknown[] = [];
    server.use(
      http.post(`${ADMIN_API}/messages/:id/read`, async ({ params, request }) => {
        marked.push({ id: params.id, ...((await request.json()) as object) });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderWithProviders(<MessageDetail message={newest} />);
    expect(screen.getByText(/We are a school in Pune\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute(
      'href',
      'mailto:asha%40example.in?subject=Re%3A%20Bulk%20order%20of%20A5%20diaries',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(marked).toEqual([{ id: newest.id, read: true }]));
    expect(await screen.findByText('Marked as read')).toBeInTheDocument();
  });

  it('a read one can be marked unread again', async () => {
    const marked: unknown[] = [];
    server.use(
      http.post(`${ADMIN_API}/messages/:id/read`, async ({ request }) => {
        marked.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderWithProviders(<MessageDetail message={older} />);
    await userEvent.click(screen.getByRole('button', { name: 'Mark as unread' }));
    await waitFor(() => expect(marked).toEqual([{ read: false }]));
  });
});

describe('Newsletter subscribers', () => {
  it('lists confirmed subscribers with their consent time, and exports them', async () => {
    const list: AdminSubscriberList = {
      data: [
        {
          id: 'a1',
          email: 'reader@example.in',
          consentedAt: '2026-11-24T04:30:00.000Z',
          confirmedAt: '2026-11-24T04:35:00.000Z',
        },
      ],
      total: 1,
      awaitingConfirmation: 2,
      page: 1,
      limit: 20,
    };
    server.use(http.get(`${ADMIN_API}/newsletter`, () => HttpResponse.json(list)));
    let downloads = 0;
    renderWithProviders(
      <SubscribersTable
        download={async () => {
          downloads++;
          return 'newsletter-subscribers-2026-11-24.csv';
        }}
      />,
      { route: '/messages/newsletter' },
    );
    const table = await screen.findByRole('table', { name: 'Newsletter subscribers' });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByText('reader@example.in')).toBeInTheDocument();
    expect(within(row!).getByText('24 Nov 2026, 10:00 am')).toBeInTheDocument();
    expect(
      screen.getByText(/1 confirmed subscriber; 2 signed up but not yet confirmed/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(
      await screen.findByText('Downloaded newsletter-subscribers-2026-11-24.csv'),
    ).toBeInTheDocument();
    expect(downloads).toBe(1);
  });
});

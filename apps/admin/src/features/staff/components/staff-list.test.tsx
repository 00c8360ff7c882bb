import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { StaffMember } from '@store/contracts/admin/common';
import { ADMIN_API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { StaffList } from './staff-list';

const member = (over: Partial<StaffMember>): StaffMember => ({
  id: 's1',
  email: 'ravi@example.in',
  role: 'staff',
  disabled: false,
  ownerNotices: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('Staff: the owner’s e-mails', () => {
  it('owners always get them; a staff member is opted in with a tick', async () => {
    const sent: unknown[] = [];
    server.use(
      http.patch(`${ADMIN_API}/staff/:id`, async ({ params, request }) => {
        const body = (await request.json()) as object;
        sent.push({ id: params.id, ...body });
        return HttpResponse.json(member({ ownerNotices: true }));
      }),
    );
    renderWithProviders(
      <StaffList
        selfId="o1"
        staff={[member({ id: 'o1', email: 'owner@example.in', role: 'owner' }), member({})]}
      />,
    );
    expect(screen.getByText('Always')).toBeInTheDocument();
    expect(
      screen.queryByRole('checkbox', { name: "owner@example.in gets the owner's e-mails" }),
    ).toBeNull();
    const box = screen.getByRole('checkbox', { name: "ravi@example.in gets the owner's e-mails" });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    await waitFor(() => expect(sent).toEqual([{ id: 's1', ownerNotices: true }]));
    expect(
      await screen.findByText("ravi@example.in now gets the owner's e-mails"),
    ).toBeInTheDocument();
  });
});

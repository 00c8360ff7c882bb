import type { StaffRole, StaffSession } from '@store/contracts/admin/common';

export function sessionFixture(role: StaffRole = 'owner'): StaffSession {
  return {
    token: `token-${role}`,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    staff: {
      id: `staff-${role}`,
      email: `${role}@example.com`,
      role,
      disabled: false,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  };
}

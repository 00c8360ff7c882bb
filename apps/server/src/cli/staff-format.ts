import type { StaffMember } from '@store/contracts/admin/common';
import { columns, printable } from './terminal-text';

const day = (iso: string) => iso.slice(0, 10);

export function formatStaffAdded(member: StaffMember): string {
  return (
    `Added ${printable(member.email)} as ${member.role}. ` +
    'They sign in to the back office at /admin on the store (e.g. http://localhost:3000/admin).'
  );
}

/** One line a person: e-mail, role, enabled or disabled, added on. */
export function formatStaffList(members: StaffMember[]): string {
  if (members.length === 0)
    return 'No staff yet. Add the owner: npm run store -- staff add --email <email> --role owner';
  const rows = [
    ['Email', 'Role', 'Status', 'Added'],
    ...members.map((m) => [
      printable(m.email),
      m.role,
      m.disabled ? 'disabled' : 'enabled',
      day(m.createdAt),
    ]),
  ];
  return columns(rows).join('\n');
}

export function formatStaffDisabled(result: { member: StaffMember; wasDisabled: boolean }): string {
  const email = printable(result.member.email);
  return result.wasDisabled
    ? `${email} was already disabled.`
    : `Disabled ${email}: their back-office sessions have ended.`;
}

import type { StaffMember, StaffRole } from '@store/contracts/admin/common';
import { staffRoles } from '@store/contracts/admin/common';
import { Badge } from '@store/ui/badge';
import { Button } from '@store/ui/button';
import { Select } from '@store/ui/select';
import { toast } from '@store/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useUpdateStaff } from '../api/staff';

/**
 * Everyone who can sign in: change a role, disable or enable (not oneself), and whether a staff
 * member gets the owner's e-mails (owners always do: Store settings > Owner e-mails).
 */
export function StaffList({ staff, selfId }: { staff: StaffMember[]; selfId: string }) {
  const update = useUpdateStaff();
  const change = async (
    member: StaffMember,
    body: { role?: StaffRole; disabled?: boolean; ownerNotices?: boolean },
    done: string,
  ) => {
    try {
      await update.mutateAsync({ id: member.id, body });
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    // relative: the sr-only "Actions" header (position: absolute) scrolls with the table instead
    // of widening the page on a phone
    <div className="relative overflow-x-auto rounded-lg border border-border bg-card">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Staff</caption>
        <thead className="bg-muted/60 text-xs uppercase text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2">
              Email
            </th>
            <th scope="col" className="px-3 py-2">
              Role
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
            <th scope="col" className="px-3 py-2">
              Owner e-mails
            </th>
            <th scope="col" className="px-3 py-2">
              Added
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {staff.map((member) => {
            const self = member.id === selfId;
            return (
              <tr key={member.id} className="border-t border-border">
                <td className="px-3 py-2">
                  {member.email}
                  {self ? <span className="text-muted-foreground"> (you)</span> : null}
                </td>
                {/* the cell holds the width: Select is w-full (cn does not merge a w-32 over it),
                    and a percentage-wide select adds nothing to a column's minimum on a phone */}
                <td className="min-w-36 px-3 py-2">
                  <Select
                    aria-label={`Role of ${member.email}`}
                    value={member.role}
                    disabled={self || update.isPending}
                    onChange={(e) =>
                      change(
                        member,
                        { role: e.target.value as StaffRole },
                        `${member.email} is now ${e.target.value}`,
                      )
                    }
                  >
                    {staffRoles.map((role) => (
                      <option key={role} value={role}>
                        {role === 'owner' ? 'Owner' : 'Staff'}
                      </option>
                    ))}
                  </Select>
                </td>
                <td className="px-3 py-2">
                  {member.disabled ? (
                    <Badge variant="gray">Disabled</Badge>
                  ) : (
                    <Badge variant="green">Active</Badge>
                  )}
                </td>
                <td className="px-3 py-2">
                  {member.role === 'owner' ? (
                    <span className="text-muted-foreground">Always</span>
                  ) : (
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      aria-label={`${member.email} gets the owner's e-mails`}
                      checked={member.ownerNotices}
                      disabled={update.isPending}
                      onChange={(e) =>
                        change(
                          member,
                          { ownerNotices: e.target.checked },
                          e.target.checked
                            ? `${member.email} now gets the owner's e-mails`
                            : `${member.email} no longer gets the owner's e-mails`,
                        )
                      }
                    />
                  )}
                </td>
                <td className="px-3 py-2">{formatDate(member.createdAt)}</td>
                <td className="px-3 py-2 text-right">
                  {self ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={update.isPending}
                      aria-label={`${member.disabled ? 'Enable' : 'Disable'} ${member.email}`}
                      onClick={() =>
                        change(
                          member,
                          { disabled: !member.disabled },
                          `${member.email} ${member.disabled ? 'enabled' : 'disabled'}`,
                        )
                      }
                    >
                      {member.disabled ? 'Enable' : 'Disable'}
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

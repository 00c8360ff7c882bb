import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useStaff } from '@/features/staff/api/staff';
import { AddStaffForm } from '@/features/staff/components/add-staff-form';
import { StaffList } from '@/features/staff/components/staff-list';
import { useSession } from '@/state/session';

/** /admin/staff (owner) */
export function StaffRoute() {
  const staff = useStaff();
  const session = useSession();
  return (
    <>
      <PageHeader title="Staff" />
      <div className="grid gap-6">
        <QueryState query={staff}>
          {(list) => <StaffList staff={list.data} selfId={session?.staff.id ?? ''} />}
        </QueryState>
        <AddStaffForm />
      </div>
    </>
  );
}

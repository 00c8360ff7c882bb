import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { AddStaffForm } from '@/features/staff/components/add-staff-form';
import { StaffList } from '@/features/staff/components/staff-list';
import { useSession } from '@/state/session';
import { useStaff } from '@/lib/shared-queries';

/** /admin/staff (owner) */
export function StaffRoute() {
  const staff = useStaff();
  const session = useSession();
  return (
    <>
      <PageHeader title="Staff" />
      {/* one column no wider than the screen: the table scrolls in its frame, not the page */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <QueryState query={staff}>
          {(list) => <StaffList staff={list.data} selfId={session?.staff.id ?? ''} />}
        </QueryState>
        <AddStaffForm />
      </div>
    </>
  );
}

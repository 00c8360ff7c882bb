import { PageHeader } from '@/components/page-header';
import { ActivityLog } from '@/features/activity/components/activity-log';
import { isOwner, useSession } from '@/state/session';

/** /admin/activity */
export function ActivityRoute() {
  const session = useSession();
  return (
    <>
      <PageHeader title="Activity" />
      <ActivityLog owner={isOwner(session)} />
    </>
  );
}

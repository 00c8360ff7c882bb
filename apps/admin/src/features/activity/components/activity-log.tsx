import { useMemo, useRef } from 'react';
import { activityEntityTypes, adminActivityQuerySchema } from '@store/contracts/admin/people';
import { lastPage } from '@store/contracts/paging';
import { Button } from '@store/ui/button';
import { Label } from '@store/ui/label';
import { Select } from '@store/ui/select';
import { QueryState } from '@/components/query-state';
import { formatDateTime } from '@/lib/format';
import { useStaff } from '@/lib/shared-queries';
import { useUrlQuery } from '@/lib/url-query';
import { useActivity } from '../api/get-activity';
import { ChangeValues } from './change-values';

const kindLabels: Record<(typeof activityEntityTypes)[number], string> = {
  product: 'Products',
  category: 'Categories',
  order: 'Orders',
  payment: 'Payments',
  settings: 'Store settings',
  staff: 'Staff',
  image: 'Images',
  discount: 'Discounts',
  return: 'Returns',
};

/** The activity log, newest first, filtered by person and kind; filters and page in the URL. */
export function ActivityLog({ owner }: { owner: boolean }) {
  const [query, update] = useUrlQuery(adminActivityQuerySchema);
  const activity = useActivity(query);
  const people = useStaff(owner);

  // staff may not list the staff: offer the people this browser has seen in the log
  const seen = useRef(new Map<string, string>());
  for (const entry of activity.data?.data ?? [])
    if (entry.staffId) seen.current.set(entry.staffId, entry.actor);
  const personOptions = useMemo(
    () =>
      owner && people.data
        ? people.data.data.map((m) => ({ id: m.id, label: m.email }))
        : [...seen.current].map(([id, label]) => ({ id, label })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [owner, people.data, activity.data],
  );

  return (
    // one column no wider than the screen: a wide table scrolls in its frame, not the page
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <div className="grid gap-1">
          <Label htmlFor="activity-person">Person</Label>
          <Select
            id="activity-person"
            value={query.staffId ?? ''}
            onChange={(e) => update({ staffId: e.target.value })}
          >
            <option value="">Everyone</option>
            {personOptions.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="activity-kind">Kind of change</Label>
          <Select
            id="activity-kind"
            value={query.entityType ?? ''}
            onChange={(e) => update({ entityType: e.target.value })}
          >
            <option value="">All kinds</option>
            {activityEntityTypes.map((kind) => (
              <option key={kind} value={kind}>
                {kindLabels[kind]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <QueryState query={activity}>
        {(list) => {
          const pages = lastPage(list.total, list.limit);
          return (
            <>
              {list.data.length === 0 ? (
                <p className="text-sm text-muted-foreground">No activity matches.</p>
              ) : (
                <ol className="grid gap-3" aria-label="Activity, newest first">
                  {list.data.map((entry) => (
                    <li
                      key={entry.id}
                      className="rounded-lg border border-border bg-card p-3 text-sm"
                    >
                      <div className="flex flex-wrap justify-between gap-2">
                        <span className="font-medium">{entry.summary}</span>
                        <time dateTime={entry.at} className="text-muted-foreground">
                          {formatDateTime(entry.at)}
                        </time>
                      </div>
                      <p className="text-xs text-muted-foreground">
                        {entry.actor} · {kindLabels[entry.entityType] ?? entry.entityType} ·{' '}
                        {entry.action}
                      </p>
                      <ChangeValues before={entry.before} after={entry.after} />
                    </li>
                  ))}
                </ol>
              )}
              <nav aria-label="Activity pages" className="flex items-center gap-2 text-sm">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={list.page <= 1}
                  onClick={() => update({ page: list.page - 1 })}
                >
                  Previous
                </Button>
                <span>
                  Page {list.page} of {pages}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={list.page >= pages}
                  onClick={() => update({ page: list.page + 1 })}
                >
                  Next
                </Button>
              </nav>
            </>
          );
        }}
      </QueryState>
    </div>
  );
}

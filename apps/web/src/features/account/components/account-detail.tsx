import type { LucideIcon } from 'lucide-react';
import { IconCircle } from '@/components/icon-circle';

/** One dt/dd pair of the account's definition list, the icon inside the term (dl allows only dt/dd). */
export function AccountDetail({
  icon,
  label,
  value,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
}) {
  return (
    <div className="relative min-h-10 pl-13">
      <dt className="text-xs uppercase tracking-wide text-muted-foreground">
        <IconCircle icon={icon} className="absolute left-0 top-1/2 -translate-y-1/2" />
        {label}
      </dt>
      <dd className="font-medium break-all">{value}</dd>
    </div>
  );
}

import type { LucideIcon } from 'lucide-react';
import { IconCircle } from '@/components/ui/icon-circle';

export function AccountDetail({ icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    <div className="flex items-center gap-3">
      <IconCircle icon={icon} />
      <div className="grid">
        <dt className="text-xs uppercase tracking-wide text-muted-foreground">{label}</dt>
        <dd className="font-medium break-all">{value}</dd>
      </div>
    </div>
  );
}

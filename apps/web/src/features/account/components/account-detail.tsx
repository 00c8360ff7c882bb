import type { LucideIcon } from 'lucide-react';

export function AccountDetail({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    <div className="flex items-center gap-3">
      <span className="flex size-9 items-center justify-center rounded-full bg-muted text-primary">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="grid">
        <dt className="text-xs uppercase tracking-wide text-muted-foreground">{label}</dt>
        <dd className="font-medium break-all">{value}</dd>
      </div>
    </div>
  );
}

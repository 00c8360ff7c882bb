import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useSettings } from '@/features/settings/api/settings';
import { SettingsForm } from '@/features/settings/components/settings-form';
import { useCategories } from '@/lib/shared-queries';

/** /admin/settings (owner) */
export function SettingsRoute() {
  const settings = useSettings();
  const categories = useCategories();
  return (
    <>
      <PageHeader title="Store settings" />
      <QueryState query={settings}>
        {(data) => (
          <SettingsForm data={data} categories={categories.data?.data.map((c) => c.name) ?? []} />
        )}
      </QueryState>
    </>
  );
}

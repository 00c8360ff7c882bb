import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useCategoryNames } from '@/features/settings/api/get-categories';
import { useSettings } from '@/features/settings/api/settings';
import { SettingsForm } from '@/features/settings/components/settings-form';

/** /admin/settings (owner) */
export function SettingsRoute() {
  const settings = useSettings();
  const categories = useCategoryNames();
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

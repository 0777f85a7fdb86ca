import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import * as yup from 'yup';
import { CheckboxListField } from '@/components/form';
import { Skeleton } from '@/components/ui/Skeleton';
import { labels, useItem, useOrganizationFilter, useSaveOrganizationFilter } from '@/features/taxonomy/api/taxonomy';
import type { Label } from '@/features/taxonomy/api/types';
import { TaxonomyForm } from '@/features/taxonomy/components/TaxonomyForm';
import { api } from '@/lib/api-client';
import type { Choice } from '@/lib/taxonomy';

/** The label's organisation filter (labels/{label_id}/organization-filters, decision 0614). */
export function LabelOrganizationFilterRoute() {
  const { label_id: id = '' } = useParams();
  const label = useItem(labels, 'labels', id);
  const filter = useOrganizationFilter(id);
  if (label.isPending || filter.isPending) return <Skeleton lines={4} />;
  if (label.isError || filter.isError) return null;
  return <OrganizationFilterForm label={label.data} organizationIds={filter.data.organization_ids} version={filter.data.version} />;
}

function OrganizationFilterForm({ label, organizationIds, version }: { label: Label; organizationIds: string[]; version: number }) {
  const { t } = useTranslation();
  const save = useSaveOrganizationFilter(label.id);
  // The same organisation choices as the activity filter's organisations part.
  const organizations = useQuery({
    queryKey: ['taxonomy', 'filter-choices', '/v1/admin/organizations/simple'],
    queryFn: async ({ signal }): Promise<Choice[]> =>
      (
        await api<{ data: { id: string; name: string }[] }>('/v1/admin/organizations/simple', {
          signal,
          query: { itemsPerPage: 10000, sort: 'name' },
        })
      ).data.map((row) => ({ value: row.id, label: row.name })),
  });
  return (
    <TaxonomyForm<{ organization_ids: string[] }>
      kind="labels"
      editing
      entityId={label.id}
      initialValues={{ organization_ids: organizationIds }}
      schema={yup.object()}
      onSave={(values) => save.mutateAsync({ organization_ids: values.organization_ids, version })}
    >
      <h2>{t('taxonomy.labels.organizationFilterTitle', { name: label.name })}</h2>
      <p className="field__hint">{t('taxonomy.labels.organizationFilterHint')}</p>
      <CheckboxListField name="organization_ids" label={t('taxonomy.labels.fields.organization_ids')} options={organizations.data ?? []} />
    </TaxonomyForm>
  );
}

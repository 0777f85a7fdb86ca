import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import * as yup from 'yup';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { CheckboxListField, TextField } from '@/components/form';
import { PageHeader } from '@/components/page/PageHeader';
import { Skeleton } from '@/components/ui/Skeleton';
import { coverageList, labels, useItem, useRemove, useSave, useSaveActivityFilter, useSaveProductFilter } from '@/features/taxonomy/api/taxonomy';
import { ACTIVITY_TYPES, LEVELS, type ActivityFilter, type CoveredOffer, type Label, type ProductFilter } from '@/features/taxonomy/api/types';
import { TaxonomyForm } from '@/features/taxonomy/components/TaxonomyForm';
import { TaxonomyList } from '@/features/taxonomy/components/TaxonomyList';
import { api } from '@/lib/api-client';
import { can } from '@/lib/authorization';
import { useCategoryChoices, useTagChoices, type Choice } from '@/lib/taxonomy';
import { useAuthStore } from '@/stores/auth';

export function LabelsRoute() {
  const { t } = useTranslation();
  const mayManage = useAuthStore((state) => can(state.profile, 'manage-labels'));
  const columns = useMemo<DataGridColumn<Label>[]>(
    () => [
      { field: 'name', header: t('taxonomy.labels.fields.name'), sortable: true, flex: 2 },
      { field: 'offers_count', header: t('taxonomy.labels.offers'), width: 180 },
    ],
    [t],
  );
  return <TaxonomyList<Label> kind="labels" columns={columns} source={labels.list} mayCreate={mayManage} mayOpen={() => mayManage} />;
}

function labelSchema(t: TFunction) {
  const field = t('taxonomy.labels.fields.name').toLowerCase();
  return yup.object({
    name: yup
      .string()
      .trim()
      .required(t('errors.required', { field }))
      .max(100, t('errors.maxLength', { field, length: 100 })),
  });
}

/** Create (no label_id) or rename a label; its activity filter has its own screen. */
export function LabelFormRoute() {
  const { label_id: id } = useParams();
  return id ? <EditLabel id={id} /> : <LabelForm />;
}

function EditLabel({ id }: { id: string }) {
  const { data, isPending, isError } = useItem(labels, 'labels', id);
  if (isPending) return <Skeleton lines={2} />;
  if (isError) return null;
  return <LabelForm label={data} />;
}

function LabelForm({ label }: { label?: Label }) {
  const { t } = useTranslation();
  const save = useSave(labels);
  const remove = useRemove(labels);
  return (
    <TaxonomyForm<{ name: string }>
      kind="labels"
      editing={Boolean(label)}
      entityId={label?.id}
      initialValues={{ name: label?.name ?? '' }}
      schema={labelSchema(t)}
      onSave={(values) => save.mutateAsync({ id: label?.id, version: label?.version, input: { name: values.name.trim() } })}
      onDelete={label && (() => remove.mutateAsync(label.id))}
      deleting={remove.isPending}
      deleteBody={label && t('taxonomy.labels.deleteBody', { name: label.name, count: label.offers_count })}
      after={
        label && (
          <>
            <p>
              <Link className="button" to="activity-filters">
                {t('taxonomy.labels.activityFilters')}
              </Link>{' '}
              <Link className="button" to="product-filters">
                {t('taxonomy.labels.productFilters')}
              </Link>{' '}
              <Link className="button" to="organization-filters">
                {t('taxonomy.labels.organizationFilters')}
              </Link>
            </p>
            <Coverage label={label} />
          </>
        )
      }
    >
      <TextField name="name" label={t('taxonomy.labels.fields.name')} required autoFocus />
    </TaxonomyForm>
  );
}

/** The offers the label covers, and why. */
function Coverage({ label }: { label: Label }) {
  const { t } = useTranslation();
  const source = useMemo(() => coverageList(label.id), [label.id]);
  const columns = useMemo<DataGridColumn<CoveredOffer>[]>(
    () => [
      { field: 'name', header: t('taxonomy.labels.fields.name'), sortable: true, flex: 2 },
      { field: 'offer_type', header: t('taxonomy.labels.fields.offer_type'), width: 130, render: (offer) => t(`taxonomy.labels.offerTypes.${offer.offer_type}`) },
      { field: 'organization_name', header: t('taxonomy.labels.fields.organization'), flex: 2 },
      {
        field: 'by_hand',
        header: t('taxonomy.labels.fields.why'),
        flex: 1,
        render: (offer) =>
          [
            offer.by_hand && t('taxonomy.labels.byHand'),
            offer.by_filter && t('taxonomy.labels.byFilter'),
            offer.by_organization && t('taxonomy.labels.byOrganization'),
          ]
            .filter(Boolean)
            .join(', '),
      },
    ],
    [t],
  );
  return (
    <>
      <PageHeader level={2} title={t('taxonomy.labels.coverage')} />
      <DataGrid<CoveredOffer>
        key={label.version}
        label={t('taxonomy.labels.coverage')}
        columns={columns}
        source={source}
        getRowId={(offer) => offer.id}
        defaultSort={{ field: 'name', direction: 'asc' }}
        emptyMessage={t('taxonomy.labels.coverageEmpty')}
      />
    </>
  );
}

/** The choices of sports and organisations, loaded for the filter form. */
function useChoices(path: string, query?: Record<string, string | number>) {
  return useQuery({
    queryKey: ['taxonomy', 'filter-choices', path],
    queryFn: async ({ signal }): Promise<Choice[]> =>
      (await api<{ data: { id: string; name: string }[] }>(path, { signal, query })).data.map((row) => ({
        value: row.id,
        label: row.name,
      })),
  });
}

/** The label's activity filter (labels/{label_id}/activity-filters). */
export function LabelFilterRoute() {
  const { label_id: id = '' } = useParams();
  const { data, isPending, isError } = useItem(labels, 'labels', id);
  if (isPending) return <Skeleton lines={6} />;
  if (isError) return null;
  return <LabelFilterForm label={data} />;
}

function LabelFilterForm({ label }: { label: Label }) {
  const { t } = useTranslation();
  const save = useSaveActivityFilter(label.id);
  const sports = useChoices('/v1/admin/sports/all');
  const organizations = useChoices('/v1/admin/organizations/simple', { itemsPerPage: 10000, sort: 'name' });
  const categories = useCategoryChoices();
  const tags = useTagChoices();
  const options = (values: readonly string[], group: string) =>
    values.map((value) => ({ value, label: t(`taxonomy.labels.${group}.${value}`) }));
  const field = (name: keyof ActivityFilter) => t(`taxonomy.labels.fields.${name}`);
  return (
    <TaxonomyForm<ActivityFilter>
      kind="labels"
      editing
      entityId={label.id}
      initialValues={label.activity_filter}
      schema={yup.object()}
      onSave={(values) => save.mutateAsync({ ...values, version: label.version })}
      section={{ title: t('taxonomy.labels.filterTitle', { name: label.name }), description: t('taxonomy.labels.filterHint') }}
    >
      <CheckboxListField name="types" label={field('types')} options={options(ACTIVITY_TYPES, 'types')} />
      <CheckboxListField name="levels" label={field('levels')} options={options(LEVELS, 'levels')} />
      <CheckboxListField name="category_ids" label={field('category_ids')} options={categories.data ?? []} />
      <CheckboxListField name="tag_ids" label={field('tag_ids')} options={tags.data ?? []} />
      <CheckboxListField name="sport_ids" label={field('sport_ids')} options={sports.data ?? []} />
      <CheckboxListField name="organization_ids" label={field('organization_ids')} options={organizations.data ?? []} />
    </TaxonomyForm>
  );
}

/** The label's product filter (labels/{label_id}/product-filters, decision 1001). */
export function LabelProductFilterRoute() {
  const { label_id: id = '' } = useParams();
  const { data, isPending, isError } = useItem(labels, 'labels', id);
  if (isPending) return <Skeleton lines={6} />;
  if (isError) return null;
  return <LabelProductFilterForm label={data} />;
}

function LabelProductFilterForm({ label }: { label: Label }) {
  const { t } = useTranslation();
  const save = useSaveProductFilter(label.id);
  const sports = useChoices('/v1/admin/sports/all');
  const productTypes = useChoices('/v1/admin/product-types/all');
  const organizations = useChoices('/v1/admin/organizations/simple', { itemsPerPage: 10000, sort: 'name' });
  const categories = useCategoryChoices();
  const tags = useTagChoices();
  const field = (name: keyof ProductFilter) => t(`taxonomy.labels.fields.${name}`);
  return (
    <TaxonomyForm<ProductFilter>
      kind="labels"
      editing
      entityId={label.id}
      initialValues={label.product_filter}
      schema={yup.object()}
      onSave={(values) => save.mutateAsync({ ...values, version: label.version })}
      section={{ title: t('taxonomy.labels.productFilterTitle', { name: label.name }), description: t('taxonomy.labels.productFilterHint') }}
    >
      <CheckboxListField name="product_type_ids" label={field('product_type_ids')} options={productTypes.data ?? []} />
      <CheckboxListField
        name="levels"
        label={field('levels')}
        options={LEVELS.map((value) => ({ value, label: t(`taxonomy.labels.levels.${value}`) }))}
      />
      <CheckboxListField name="category_ids" label={field('category_ids')} options={categories.data ?? []} />
      <CheckboxListField name="tag_ids" label={field('tag_ids')} options={tags.data ?? []} />
      <CheckboxListField name="sport_ids" label={field('sport_ids')} options={sports.data ?? []} />
      <CheckboxListField name="organization_ids" label={field('organization_ids')} options={organizations.data ?? []} />
    </TaxonomyForm>
  );
}

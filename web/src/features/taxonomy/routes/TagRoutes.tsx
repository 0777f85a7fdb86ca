import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import * as yup from 'yup';
import type { DataGridColumn } from '@/components/data-grid/DataGrid';
import { SwitchField, TextField } from '@/components/form';
import { Skeleton } from '@/components/ui/Skeleton';
import { tags, useItem, useRemove, useSave } from '@/features/taxonomy/api/taxonomy';
import type { Tag } from '@/features/taxonomy/api/types';
import { TaxonomyForm } from '@/features/taxonomy/components/TaxonomyForm';
import { TaxonomyList } from '@/features/taxonomy/components/TaxonomyList';
import { can } from '@/lib/authorization';
import { useAuthStore } from '@/stores/auth';

/** The application's tags, with its parent's tags that apply here (shown, not edited). */
export function TagsRoute() {
  const { t } = useTranslation();
  const profile = useAuthStore((state) => state.profile);
  const mayManage = can(profile, 'manage-tags');
  const columns = useMemo<DataGridColumn<Tag>[]>(
    () => [
      { field: 'name', header: t('taxonomy.tags.fields.name'), sortable: true, flex: 2 },
      {
        field: 'apply_to_children',
        header: t('taxonomy.tags.fields.apply_to_children'),
        width: 240,
        render: (tag) => (tag.inherited ? t('taxonomy.tags.inherited') : t(tag.apply_to_children ? 'taxonomy.yes' : 'taxonomy.no')),
      },
    ],
    [t],
  );
  return (
    <TaxonomyList<Tag>
      kind="tags"
      columns={columns}
      source={tags.list}
      mayCreate={mayManage}
      mayOpen={(tag) => mayManage && !tag.inherited}
    />
  );
}

interface TagValues {
  name: string;
  apply_to_children: boolean;
}

function tagSchema(t: TFunction) {
  const field = t('taxonomy.tags.fields.name').toLowerCase();
  return yup.object({
    name: yup
      .string()
      .trim()
      .required(t('errors.required', { field }))
      .max(100, t('errors.maxLength', { field, length: 100 })),
  });
}

/** Create (no tag_id) or edit a tag. */
export function TagFormRoute() {
  const { tag_id: id } = useParams();
  return id ? <EditTag id={id} /> : <TagForm />;
}

function EditTag({ id }: { id: string }) {
  const { data, isPending, isError } = useItem(tags, 'tags', id);
  if (isPending) return <Skeleton lines={2} />;
  if (isError) return null;
  return <TagForm tag={data} />;
}

function TagForm({ tag }: { tag?: Tag }) {
  const { t } = useTranslation();
  const save = useSave(tags);
  const remove = useRemove(tags);
  return (
    <TaxonomyForm<TagValues>
      kind="tags"
      editing={Boolean(tag)}
      entityId={tag?.id}
      initialValues={{ name: tag?.name ?? '', apply_to_children: tag?.apply_to_children ?? false }}
      schema={tagSchema(t)}
      onSave={(values) => save.mutateAsync({ id: tag?.id, version: tag?.version, input: { ...values, name: values.name.trim() } })}
      onDelete={tag && (() => remove.mutateAsync(tag.id))}
      deleting={remove.isPending}
      deleteBody={tag && t('taxonomy.tags.deleteBody', { name: tag.name })}
    >
      <TextField name="name" label={t('taxonomy.tags.fields.name')} required autoFocus />
      <SwitchField name="apply_to_children" label={t('taxonomy.tags.fields.apply_to_children')} />
    </TaxonomyForm>
  );
}

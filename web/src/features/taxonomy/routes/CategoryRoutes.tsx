import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import * as yup from 'yup';
import type { DataGridColumn } from '@/components/data-grid/DataGrid';
import { TextField, UploadFormField, UrlFormField } from '@/components/form';
import { Skeleton } from '@/components/ui/Skeleton';
import { categories, useItem, useRemove, useSave } from '@/features/taxonomy/api/taxonomy';
import type { Category } from '@/features/taxonomy/api/types';
import { TaxonomyForm } from '@/features/taxonomy/components/TaxonomyForm';
import { TaxonomyList } from '@/features/taxonomy/components/TaxonomyList';
import { can } from '@/lib/authorization';
import { useAuthStore } from '@/stores/auth';
import { imageRules } from '@/lib/image-rules';

export function CategoriesRoute() {
  const { t } = useTranslation();
  const profile = useAuthStore((state) => state.profile);
  const columns = useMemo<DataGridColumn<Category>[]>(
    () => [
      { field: 'name', header: t('taxonomy.categories.fields.title'), sortable: true, flex: 2, render: (c) => c.title },
      { field: 'link', header: t('taxonomy.categories.fields.link'), flex: 2 },
    ],
    [t],
  );
  return (
    <TaxonomyList<Category>
      kind="categories"
      columns={columns}
      source={categories.list}
      mayCreate={can(profile, 'create-categories')}
      mayOpen={() => can(profile, 'manage-categories')}
    />
  );
}

interface CategoryValues {
  title: string;
  link: string | null;
  image_id: string | null;
}

/** The server's rules (domain/taxonomy): a title of at most 100 characters. */
function categorySchema(t: TFunction) {
  const field = t('taxonomy.categories.fields.title').toLowerCase();
  return yup.object({
    title: yup
      .string()
      .trim()
      .required(t('errors.required', { field }))
      .max(100, t('errors.maxLength', { field, length: 100 })),
  });
}

/** Create (no category_id) or edit a category. */
export function CategoryFormRoute() {
  const { category_id: id } = useParams();
  return id ? <EditCategory id={id} /> : <CategoryForm />;
}

function EditCategory({ id }: { id: string }) {
  const { data, isPending, isError } = useItem(categories, 'categories', id);
  if (isPending) return <Skeleton lines={3} />;
  if (isError) return null;
  return <CategoryForm category={data} />;
}

function CategoryForm({ category }: { category?: Category }) {
  const { t } = useTranslation();
  const save = useSave(categories);
  const remove = useRemove(categories);
  return (
    <TaxonomyForm<CategoryValues>
      kind="categories"
      editing={Boolean(category)}
      entityId={category?.id}
      initialValues={{ title: category?.title ?? '', link: category?.link || null, image_id: category?.image_id ?? null }}
      schema={categorySchema(t)}
      onSave={(values) =>
        save.mutateAsync({
          id: category?.id,
          version: category?.version,
          input: { title: values.title.trim(), link: values.link ?? '', image_id: values.image_id },
        })
      }
      onDelete={category && (() => remove.mutateAsync(category.id))}
      deleting={remove.isPending}
      deleteBody={category && t('taxonomy.categories.deleteBody', { name: category.title })}
    >
      <TextField name="title" label={t('taxonomy.categories.fields.title')} required autoFocus />
      <UrlFormField name="link" label={t('taxonomy.categories.fields.link')} />
      <UploadFormField
        name="image_id"
        label={t('taxonomy.categories.fields.image')}
        rules={imageRules('category.image_id')}
        uploadOptions={{ visibility: 'public', path: 'categories' }}
      />
    </TaxonomyForm>
  );
}

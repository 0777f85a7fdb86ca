import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CheckboxListField, Form, FormErrorSummary, SubmitButton } from '@/components/form';
import { PageHeader } from '@/components/page/PageHeader';
import { Skeleton } from '@/components/ui/Skeleton';
import {
  useApplication,
  useApplicationFilters,
  useUpdateApplicationFilters,
  type ApplicationFiltersInput,
} from '@/features/applications/api/applications';
import { ApplicationTabs } from '@/features/applications/components/ApplicationTabs';
import { notifySaved } from '@/stores/notification';

const asOptions = (choices: { id: string; name: string }[]) => choices.map((c) => ({ value: c.id, label: c.name }));

/** Which sports, categories and labels the application's app offers as search filters (decision 0612). */
export function ApplicationFiltersRoute() {
  const { t } = useTranslation();
  const { application_id: id = '' } = useParams();
  const application = useApplication(id);
  const filters = useApplicationFilters(id);
  const update = useUpdateApplicationFilters();
  return (
    <>
      <PageHeader title={application.data?.name ?? t('applications.tabs.filters')} />
      <ApplicationTabs id={id} />
      <h2 className="form__section">{t('applications.tabs.filters')}</h2>
      <p className="field__hint">{t('applications.filtersHint')}</p>
      {filters.isPending && <Skeleton lines={3} />}
      {filters.data && (
        <Form<ApplicationFiltersInput>
          key={filters.data.version}
          initialValues={{
            sport_ids: filters.data.sport_ids,
            category_ids: filters.data.category_ids,
            label_ids: filters.data.label_ids,
            version: filters.data.version,
          }}
          onSubmit={async (values) => {
            await update.mutateAsync({ id, input: values });
            notifySaved(t('common.saved'));
          }}
        >
          <CheckboxListField name="sport_ids" label={t('applications.filters.sport_ids')} options={asOptions(filters.data.choices.sports)} />
          <CheckboxListField
            name="category_ids"
            label={t('applications.filters.category_ids')}
            options={asOptions(filters.data.choices.categories)}
          />
          <CheckboxListField name="label_ids" label={t('applications.filters.label_ids')} options={asOptions(filters.data.choices.labels)} />
          <FormErrorSummary />
          <div className="form__actions">
            <SubmitButton>{t('common.save')}</SubmitButton>
            <Link to="/admin/applications">{t('common.cancel')}</Link>
          </div>
        </Form>
      )}
    </>
  );
}

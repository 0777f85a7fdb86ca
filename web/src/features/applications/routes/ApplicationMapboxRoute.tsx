import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Form, FormErrorSummary, SubmitButton, TextField } from '@/components/form';
import { PageHeader } from '@/components/page/PageHeader';
import { Skeleton } from '@/components/ui/Skeleton';
import { useApplication, useMapboxSettings, useUpdateMapboxSettings } from '@/features/applications/api/applications';
import { ApplicationTabs } from '@/features/applications/components/ApplicationTabs';
import {
  MAP_BOUNDS,
  mapboxBody,
  mapboxSchema,
  mapboxValues,
  type MapboxValues,
} from '@/features/applications/components/mapbox';
import { notifySaved } from '@/stores/notification';

/** The map's starting point in the apps: longitude, latitude and zoom. */
export function ApplicationMapboxRoute() {
  const { t } = useTranslation();
  const { application_id: id = '' } = useParams();
  const application = useApplication(id);
  const settings = useMapboxSettings(id);
  const update = useUpdateMapboxSettings();
  const label = (field: keyof typeof MAP_BOUNDS) => t(`applications.fields.${field}`);

  return (
    <>
      <PageHeader title={application.data?.name ?? t('applications.tabs.mapbox')} />
      <ApplicationTabs id={id} />
      <h2 className="form__section">{t('applications.tabs.mapbox')}</h2>
      {settings.isPending && <Skeleton lines={3} />}
      {settings.data && (
        <Form<MapboxValues>
          key={application.data?.version}
          initialValues={mapboxValues(settings.data)}
          validationSchema={mapboxSchema(t)}
          onSubmit={async (values) => {
            await update.mutateAsync({ id, input: mapboxBody(values) });
            notifySaved(t('common.saved'));
          }}
        >
          {(Object.keys(MAP_BOUNDS) as (keyof typeof MAP_BOUNDS)[]).map((field) => (
            <TextField
              key={field}
              name={field}
              label={label(field)}
              type="number"
              min={MAP_BOUNDS[field][0]}
              max={MAP_BOUNDS[field][1]}
              step="any"
            />
          ))}
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

import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Form, FormErrorSummary, SubmitButton } from '@/components/form';
import { PageHeader } from '@/components/page/PageHeader';
import { Skeleton } from '@/components/ui/Skeleton';
import { useLocationType, useUpdateLocationType } from '@/features/location-types/api/location-types';
import type { LocationTypeInput } from '@/features/location-types/api/types';
import { LocationTypeInputs, locationTypeSchema } from '@/features/location-types/components/LocationTypeInputs';
import { notifySaved } from '@/stores/notification';

export function LocationTypeEditRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { typeId = '' } = useParams();
  const { data: row, isPending, isError } = useLocationType(typeId);
  const update = useUpdateLocationType();

  return (
    <>
      <PageHeader title={t('locationTypes.editTitle')} />
      {isPending && <Skeleton lines={3} />}
      {isError && <Link to="/admin/location-types">{t('common.back')}</Link>}
      {row && (
        <Form<LocationTypeInput>
          initialValues={{ name: row.name, icon_id: row.icon_id }}
          validationSchema={locationTypeSchema(t)}
          onSubmit={async (values) => {
            await update.mutateAsync({ id: row.id, input: { ...values, name: values.name.trim(), version: row.version } });
            notifySaved(t('common.saved'));
            await navigate('/admin/location-types');
          }}
        >
          <LocationTypeInputs iconUrl={row.icon_url} />
          <FormErrorSummary />
          <div className="form__actions">
            <SubmitButton>{t('common.save')}</SubmitButton>
            <Link to="/admin/location-types">{t('common.cancel')}</Link>
          </div>
        </Form>
      )}
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Form, FormErrorSummary, SubmitButton } from '@/components/form';
import { PageHeader } from '@/components/page/PageHeader';
import { useCreateLocationType } from '@/features/location-types/api/location-types';
import type { LocationTypeInput } from '@/features/location-types/api/types';
import { emptyLocationType, LocationTypeInputs, locationTypeSchema } from '@/features/location-types/components/LocationTypeInputs';
import { notifySaved } from '@/stores/notification';

export function LocationTypeCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateLocationType();

  return (
    <>
      <PageHeader title={t('locationTypes.createTitle')} />
      <Form<LocationTypeInput>
        initialValues={emptyLocationType}
        validationSchema={locationTypeSchema(t)}
        onSubmit={async (values) => {
          await create.mutateAsync({ ...values, name: values.name.trim() });
          notifySaved(t('common.saved'));
          await navigate('/admin/location-types');
        }}
      >
        <LocationTypeInputs />
        <FormErrorSummary />
        <div className="form__actions">
          <SubmitButton>{t('common.save')}</SubmitButton>
          <Link to="/admin/location-types">{t('common.cancel')}</Link>
        </div>
      </Form>
    </>
  );
}

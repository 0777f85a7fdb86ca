import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Form, FormErrorSummary, SubmitButton } from '@/components/form';
import { PageHeader } from '@/components/page/PageHeader';
import { useCreateSport, type SportInput } from '@/features/sports/api/sports';
import { emptySport, SportInputs, sportSchema } from '@/features/sports/components/SportInputs';
import { notifySaved } from '@/stores/notification';

export function SportCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createSport = useCreateSport();

  return (
    <>
      <PageHeader title={t('sports.createTitle')} />
      <Form<SportInput>
        initialValues={emptySport}
        validationSchema={sportSchema(t)}
        onSubmit={async (values) => {
          await createSport.mutateAsync({ ...values, name: values.name.trim() });
          notifySaved(t('common.saved'));
          await navigate('/admin/sports');
        }}
      >
        <SportInputs />
        <FormErrorSummary />
        <div className="form__actions">
          <SubmitButton>{t('common.save')}</SubmitButton>
          <Link to="/admin/sports">{t('common.cancel')}</Link>
        </div>
      </Form>
    </>
  );
}

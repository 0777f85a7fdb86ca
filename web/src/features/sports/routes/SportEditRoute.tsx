import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Form, FormErrorSummary, SubmitButton } from '@/components/form';
import { PageHeader } from '@/components/page/PageHeader';
import { Skeleton } from '@/components/ui/Skeleton';
import { useSport, useUpdateSport, type SportInput } from '@/features/sports/api/sports';
import { SportInputs, sportSchema } from '@/features/sports/components/SportInputs';
import { notifySaved } from '@/stores/notification';

export function SportEditRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { sportId = '' } = useParams();
  const { data: sport, isPending, isError } = useSport(sportId);
  const updateSport = useUpdateSport();

  return (
    <>
      <PageHeader title={t('sports.editTitle')} />
      {isPending && <Skeleton lines={4} />}
      {isError && <Link to="/admin/sports">{t('common.back')}</Link>}
      {sport && (
        <Form<SportInput>
          initialValues={{ name: sport.name, icon_id: sport.icon_id, highlighted: sport.highlighted }}
          validationSchema={sportSchema(t)}
          onSubmit={async (values) => {
            await updateSport.mutateAsync({
              id: sport.id,
              input: { ...values, name: values.name.trim(), version: sport.version },
            });
            notifySaved(t('common.saved'));
            await navigate('/admin/sports');
          }}
        >
          <SportInputs iconUrl={sport.icon_url} />
          <FormErrorSummary />
          <div className="form__actions">
            <SubmitButton>{t('common.save')}</SubmitButton>
            <Link to="/admin/sports">{t('common.cancel')}</Link>
          </div>
        </Form>
      )}
    </>
  );
}

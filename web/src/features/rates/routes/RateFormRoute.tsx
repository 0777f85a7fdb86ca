import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Form, FormActions, FormErrorSummary, SubmitButton } from '@/components/form';
import { HistoryLink } from '@/components/audit/HistoryLink';
import { PageHeader } from '@/components/page/PageHeader';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Skeleton } from '@/components/ui/Skeleton';
import { useDeleteRate, useRate, useSaveRate, useTerms } from '@/features/rates/api/rates';
import type { Rate } from '@/features/rates/api/types';
import { emptyRate, rateBody, RateInputs, rateSchema, rateValues, type RateValues } from '@/features/rates/components/RateInputs';
import { can } from '@/lib/authorization';
import { useAuthStore } from '@/stores/auth';
import { notifySaved } from '@/stores/notification';
import '@/features/rates/i18n';

/** Create (no rate_id) or edit a rate. */
export function RateFormRoute() {
  const { rate_id: rateId } = useParams();
  return rateId ? <EditRate id={rateId} /> : <RateForm />;
}

function EditRate({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useRate(id);
  if (isPending) return <Skeleton lines={4} />;
  if (isError) return <p>{t('rates.notFound')}</p>;
  return <RateForm rate={data} />;
}

function RateForm({ rate }: { rate?: Rate }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organization_id: organizationId = '' } = useParams();
  const back = `/organizations/${encodeURIComponent(organizationId)}/rates`;
  // Readers (view-rates) see the rate read-only: saving and deleting need manage-rates.
  const mayManage = useAuthStore((state) => can(state.profile, 'manage-rates'));
  const terms = useTerms(organizationId);
  const save = useSaveRate(organizationId);
  const remove = useDeleteRate();
  const [confirming, setConfirming] = useState(false);

  return (
    <>
      <PageHeader
        title={rate ? (mayManage ? t('rates.editTitle') : rate.name) : t('rates.createTitle')}
        actions={
          rate?.id && (
            <>
              <HistoryLink entityType="rate" entityId={rate.id} />
              {mayManage && (
                <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
                  {t('rates.delete')}
                </button>
              )}
            </>
          )
        }
      />
      {terms.isPending ? (
        <Skeleton lines={4} />
      ) : (
        <Form<RateValues>
          className="form form--sections"
          guardUnsaved
          readOnly={!mayManage}
          initialValues={rate ? rateValues(rate) : emptyRate}
          validationSchema={rateSchema(t)}
          onSubmit={async (values) => {
            await save.mutateAsync({ id: rate?.id ?? undefined, input: { ...rateBody(values), version: rate?.version } });
            notifySaved(t('common.saved'));
            await navigate(back);
          }}
        >
          <RateInputs terms={terms.data ?? []} />
          <FormErrorSummary />
          <FormActions>
            <SubmitButton>{t('common.save')}</SubmitButton>
            <Link to={back}>{t('common.cancel')}</Link>
          </FormActions>
        </Form>
      )}
      {rate?.id && mayManage && (
        <ConfirmDialog
          open={confirming}
          title={t('rates.delete')}
          body={t('rates.deleteBody', { name: rate.name })}
          confirmLabel={t('rates.delete')}
          busy={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            remove.mutate(rate.id ?? '', {
              onSuccess: () => {
                notifySaved(t('rates.deleted'));
                void navigate(back);
              },
              onSettled: () => setConfirming(false),
            });
          }}
        />
      )}
    </>
  );
}

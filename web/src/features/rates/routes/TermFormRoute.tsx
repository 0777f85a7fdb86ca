import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Form, FormErrorSummary, SubmitButton } from '@/components/form';
import { HistoryLink } from '@/components/audit/HistoryLink';
import { PageHeader } from '@/components/page/PageHeader';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Skeleton } from '@/components/ui/Skeleton';
import { useDeleteTerm, useSaveTerm, useTerm } from '@/features/rates/api/rates';
import type { CancellationTerm } from '@/features/rates/api/types';
import { emptyTerm, termBody, TermInputs, termSchema, termValues, type TermValues } from '@/features/rates/components/TermInputs';
import { notifySaved } from '@/stores/notification';
import '@/features/rates/i18n';

/** Create (no term_id) or edit a cancellation term. */
export function TermFormRoute() {
  const { term_id: termId } = useParams();
  return termId ? <EditTerm id={termId} /> : <TermForm />;
}

function EditTerm({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useTerm(id);
  if (isPending) return <Skeleton lines={4} />;
  if (isError) return <p>{t('rates.terms.notFound')}</p>;
  return <TermForm term={data} />;
}

function TermForm({ term }: { term?: CancellationTerm }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organization_id: organizationId = '' } = useParams();
  const back = `/organizations/${encodeURIComponent(organizationId)}/rates`;
  const save = useSaveTerm(organizationId);
  const remove = useDeleteTerm();
  const [confirming, setConfirming] = useState(false);

  return (
    <>
      <PageHeader
        title={term ? t('rates.terms.editTitle') : t('rates.terms.createTitle')}
        actions={
          term && (
            <>
              <HistoryLink entityType="cancellation_term" entityId={term.id} />
              <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
                {t('rates.terms.delete')}
              </button>
            </>
          )
        }
      />
      <Form<TermValues>
        initialValues={term ? termValues(term) : emptyTerm}
        validationSchema={termSchema(t)}
        onSubmit={async (values) => {
          await save.mutateAsync({ id: term?.id, input: { ...termBody(values), version: term?.version } });
          notifySaved(t('common.saved'));
          await navigate(back);
        }}
      >
        <TermInputs />
        <FormErrorSummary />
        <div className="form__actions">
          <SubmitButton>{t('common.save')}</SubmitButton>
          <Link to={back}>{t('common.cancel')}</Link>
        </div>
      </Form>
      {term && (
        <ConfirmDialog
          open={confirming}
          title={t('rates.terms.delete')}
          body={t('rates.terms.deleteBody', { name: term.name })}
          confirmLabel={t('rates.terms.delete')}
          busy={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            remove.mutate(term.id, {
              onSuccess: () => {
                notifySaved(t('rates.terms.deleted'));
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

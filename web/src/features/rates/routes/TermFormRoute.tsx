import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Form, FormActions, FormErrorSummary, SubmitButton } from '@/components/form';
import { HistoryLink } from '@/components/audit/HistoryLink';
import { PageHeader } from '@/components/page/PageHeader';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Skeleton } from '@/components/ui/Skeleton';
import { useDeleteTerm, useSaveTerm, useTerm } from '@/features/rates/api/rates';
import type { CancellationTerm } from '@/features/rates/api/types';
import {
  emptyTerm,
  termBody,
  termError,
  TermInputs,
  termSchema,
  termValues,
  type TermValues,
} from '@/features/rates/components/TermInputs';
import { can } from '@/lib/authorization';
import { useAuthStore } from '@/stores/auth';
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
  // The server's writes of a term check manage-rates; whoever only sees the rates (view-rates) reads it.
  const mayManage = useAuthStore((state) => can(state.profile, 'manage-rates'));

  return (
    <>
      <PageHeader
        title={term ? t('rates.terms.editTitle') : t('rates.terms.createTitle')}
        actions={
          term && (
            <>
              <HistoryLink entityType="cancellation_term" entityId={term.id} />
              {mayManage && (
                <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
                  {t('rates.terms.delete')}
                </button>
              )}
            </>
          )
        }
      />
      <Form<TermValues>
        className="form form--sections"
        guardUnsaved
        readOnly={!mayManage}
        initialValues={term ? termValues(term) : emptyTerm}
        validationSchema={termSchema(t)}
        onSubmit={async (values) => {
          try {
            await save.mutateAsync({ id: term?.id, input: { ...termBody(values), version: term?.version } });
          } catch (error) {
            throw termError(error);
          }
          notifySaved(t('common.saved'));
          await navigate(back);
        }}
      >
        <TermInputs />
        <FormErrorSummary />
        <FormActions>
          <SubmitButton>{t('common.save')}</SubmitButton>
          <Link to={back}>{t('common.cancel')}</Link>
        </FormActions>
      </Form>
      {term && mayManage && (
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

import { useFormikContext } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Form, FormActions, FormErrorSummary, SubmitButton } from '@/components/form';
import { PageHeader } from '@/components/page/PageHeader';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Dialog } from '@/components/ui/Dialog';
import { Skeleton } from '@/components/ui/Skeleton';
import {
  useApplicationTheme,
  useDeleteThemedPage,
  useSaveThemedPage,
  useThemedPage,
  type ThemedPage,
} from '@/features/themed-pages/api/themed-pages';
import {
  BlocksEditor,
  PageFields,
  themedPageInput,
  themedPageSchema,
  themedPageValues,
  type ThemedPageValues,
} from '@/features/themed-pages/components/ThemedPageInputs';
import { ThemedPagePreview } from '@/features/themed-pages/components/ThemedPagePreview';
import { StatusBadge } from '@/features/themed-pages/components/StatusBadge';
import { notifySaved } from '@/stores/notification';
import '@/features/themed-pages/i18n';

export const THEMED_PAGES = '/application/themed-pages';

/** Create (no page_id) or edit a themed page. */
export function ThemedPageFormRoute() {
  const { page_id: id } = useParams();
  return id ? <EditThemedPage id={id} /> : <ThemedPageForm />;
}

function EditThemedPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useThemedPage(id);
  if (isPending) return <Skeleton lines={8} />;
  if (isError) return <Link to={THEMED_PAGES}>{t('common.back')}</Link>;
  return <ThemedPageForm page={data} />;
}

/** The preview of what the form holds now, saved or not. */
function PreviewButton() {
  const { t } = useTranslation();
  const { values } = useFormikContext<ThemedPageValues>();
  const { data: application } = useApplicationTheme();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
        {t('themedPages.preview')}
      </button>
      <Dialog open={open} title={t('themedPages.previewTitle', { name: values.title.nl || t('themedPages.createTitle') })} onClose={() => setOpen(false)}>
        <ThemedPagePreview page={values} application={application} />
      </Dialog>
    </>
  );
}

function ThemedPageForm({ page }: { page?: ThemedPage }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveThemedPage();
  const remove = useDeleteThemedPage();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <PageHeader
        title={t(page ? 'themedPages.editTitle' : 'themedPages.createTitle')}
        actions={
          page && (
            <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
              {t('themedPages.delete')}
            </button>
          )
        }
      />
      {page && (
        <p className="page__meta">
          <StatusBadge status={page.status} />
        </p>
      )}
      <Form<ThemedPageValues>
        className="form form--sections"
        guardUnsaved
        initialValues={themedPageValues(page)}
        validationSchema={themedPageSchema(t)}
        onSubmit={async (values) => {
          await save.mutateAsync({ id: page?.id, version: page?.version, input: themedPageInput(values) });
          notifySaved(t('common.saved'));
          await navigate(THEMED_PAGES);
        }}
      >
        <PageFields />
        <BlocksEditor />
        <FormErrorSummary />
        <FormActions>
          <SubmitButton>{t('common.save')}</SubmitButton>
          <PreviewButton />
          <Link to={THEMED_PAGES}>{t('common.cancel')}</Link>
        </FormActions>
      </Form>
      {page && (
        <ConfirmDialog
          open={confirming}
          title={t('themedPages.delete')}
          body={t('themedPages.deleteBody', { name: page.title.nl })}
          confirmLabel={t('themedPages.delete')}
          busy={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            remove
              .mutateAsync(page.id)
              .then(() => {
                notifySaved(t('common.deleted', { name: page.title.nl }));
                void navigate(THEMED_PAGES);
              })
              .catch(() => undefined) // the API client shows the server's refusal
              .finally(() => setConfirming(false));
          }}
        />
      )}
    </>
  );
}

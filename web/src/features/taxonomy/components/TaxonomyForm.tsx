import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type * as yup from 'yup';
import { Link, useNavigate } from 'react-router';
import { Form, FormActions, FormErrorSummary, FormSection, SubmitButton } from '@/components/form';
import { HistoryLink } from '@/components/audit/HistoryLink';
import { PageHeader } from '@/components/page/PageHeader';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { notifySaved } from '@/stores/notification';
import '@/features/taxonomy/i18n';

/** The audit area's entity type of each kind (its stream's prefix). */
const ENTITY_TYPES = { categories: 'category', tags: 'tag', labels: 'label' } as const;

/**
 * The create and edit screen of a category, tag or label: its inputs, Save and Cancel,
 * and (editing, when allowed) Delete behind a confirmation that says what blocks it.
 */
export function TaxonomyForm<Values extends object>({
  kind,
  editing,
  initialValues,
  schema,
  deleteBody,
  onSave,
  onDelete,
  deleting,
  children,
  after,
  section,
  entityId,
}: {
  kind: 'categories' | 'tags' | 'labels';
  editing: boolean;
  /** The edited item's id: its history opens from here. */
  entityId?: string;
  initialValues: Values;
  schema: yup.AnyObjectSchema;
  deleteBody?: string;
  onSave: (values: Values) => Promise<unknown>;
  onDelete?: () => Promise<unknown>;
  deleting?: boolean;
  children: ReactNode;
  after?: ReactNode;
  /** The form section's title and line under it; by default the kind ("Categorie"). */
  section?: { title: string; description?: string };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const back = '..';
  return (
    <>
      <PageHeader
        title={t(`taxonomy.${kind}.${editing ? 'editTitle' : 'createTitle'}`)}
        actions={
          (entityId || onDelete) && (
            <>
              <HistoryLink entityType={ENTITY_TYPES[kind]} entityId={entityId} />
              {onDelete && (
                <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
                  {t(`taxonomy.${kind}.delete`)}
                </button>
              )}
            </>
          )
        }
      />
      <Form<Values>
        className="form form--sections"
        guardUnsaved
        initialValues={initialValues}
        validationSchema={schema}
        onSubmit={async (values) => {
          await onSave(values);
          notifySaved(t('common.saved'));
          await navigate(back, { relative: 'path' });
        }}
      >
        <FormSection title={section?.title ?? t(`taxonomy.${kind}.section`)} description={section?.description}>
          {children}
        </FormSection>
        <FormErrorSummary />
        <FormActions>
          <SubmitButton>{t('common.save')}</SubmitButton>
          <Link to={back} relative="path">
            {t('common.cancel')}
          </Link>
        </FormActions>
      </Form>
      {after}
      {onDelete && (
        <ConfirmDialog
          open={confirming}
          title={t(`taxonomy.${kind}.delete`)}
          body={deleteBody ?? ''}
          confirmLabel={t(`taxonomy.${kind}.delete`)}
          busy={deleting}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            onDelete()
              .then(() => {
                notifySaved(t(`taxonomy.${kind}.deleted`));
                void navigate(back, { relative: 'path' });
              })
              .catch(() => undefined) // the API client shows the server's refusal, naming what uses it
              .finally(() => setConfirming(false));
          }}
        />
      )}
    </>
  );
}

import {
  Formik,
  Form as FormikForm,
  setIn,
  useFormikContext,
  type FormikConfig,
  type FormikErrors,
  type FormikHelpers,
  type FormikValues,
} from 'formik';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { ApiError } from '@/lib/api-client';

/** The form's status: the fields the server refused, or its refusal of the whole form (e.g. wrong credentials). */
interface FormStatus {
  serverFields?: string[];
  formError?: string;
}

export interface FormProps<Values extends FormikValues> {
  initialValues: Values;
  onSubmit: (values: Values, helpers: FormikHelpers<Values>) => Promise<unknown> | void;
  validationSchema?: FormikConfig<Values>['validationSchema'];
  validate?: FormikConfig<Values>['validate'];
  enableReinitialize?: boolean;
  className?: string;
  /** Asks before the user leaves the screen (or closes the tab) with changes not saved: page forms, not dialogs. */
  guardUnsaved?: boolean;
  children: ReactNode;
}

/**
 * Every form goes through here: formik underneath, and a 422 (or any answer with
 * field errors) from the API lands on the fields of the same name (dotted names on
 * the fields of list rows).
 */
export function Form<Values extends FormikValues>({
  initialValues,
  onSubmit,
  validationSchema,
  validate,
  enableReinitialize,
  className,
  guardUnsaved,
  children,
}: FormProps<Values>) {
  return (
    <Formik<Values>
      initialValues={initialValues}
      validationSchema={validationSchema}
      validate={validate}
      enableReinitialize={enableReinitialize}
      onSubmit={async (values, helpers) => {
        helpers.setStatus(undefined);
        try {
          await onSubmit(values, helpers);
        } catch (error) {
          if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
            // "periods.1.until_minutes" lands on that field of the list's second row.
            helpers.setErrors(
              Object.entries(error.fields).reduce<FormikErrors<Values>>((errors, [name, message]) => setIn(errors, name, message), {}),
            );
            helpers.setStatus({ serverFields: Object.keys(error.fields) } satisfies FormStatus);
          } else if (error instanceof ApiError) {
            helpers.setStatus({ formError: error.message } satisfies FormStatus);
          }
        }
      }}
    >
      <FormikForm className={className ?? 'form'} noValidate>
        <ClearFormErrorOnChange />
        {guardUnsaved && <UnsavedChangesGuard />}
        {children}
      </FormikForm>
    </Formik>
  );
}

/** The server's refusal of the whole form belongs to the values it refused: a change clears it. */
function ClearFormErrorOnChange() {
  const { values, status, setStatus } = useFormikContext<FormikValues>();
  const refusedValues = useRef<FormikValues | null>(null);
  const formError = (status as FormStatus | undefined)?.formError;
  useEffect(() => {
    if (!formError) refusedValues.current = null;
    else if (refusedValues.current === null) refusedValues.current = values;
    else if (refusedValues.current !== values) setStatus(undefined);
  }, [formError, values, setStatus]);
  return null;
}

/** Before leaving with unsaved changes: a question inside the app, the browser's own when the tab closes. */
function UnsavedChangesGuard() {
  const { t } = useTranslation();
  const { dirty, isSubmitting } = useFormikContext();
  const unsaved = dirty && !isSubmitting;
  // A successful save navigates from inside onSubmit, while isSubmitting is still true.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!unsaved) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('form.unsavedTitle')}
      body={t('form.unsavedBody')}
      confirmLabel={t('form.leave')}
      cancelLabel={t('form.stay')}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}

/**
 * After a submit: the server's refusal of the whole form (e.g. wrong credentials), else
 * 'Please fill in all the fields correctly' while fields are invalid; both go when fixed.
 */
export function FormErrorSummary() {
  const { t } = useTranslation();
  const { submitCount, errors, isSubmitting, status } = useFormikContext();
  const formError = (status as FormStatus | undefined)?.formError;
  if (isSubmitting) return null;
  if (formError) {
    return (
      <p className="form__summary" role="alert">
        {formError}
      </p>
    );
  }
  if (submitCount === 0 || Object.keys(errors).length === 0) return null;
  return (
    <p className="form__summary" role="alert">
      {t('errors.formInvalid')}
    </p>
  );
}

/**
 * A titled group of fields, two columns on wide screens (a field with `wide` spans both).
 * Long forms are a few of these, in the order people fill them in.
 */
export function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="form-section" aria-labelledby={headingId}>
      <div className="form-section__intro">
        <h2 id={headingId}>{title}</h2>
        {description && <p className="form-section__description">{description}</p>}
      </div>
      <div className="form-section__fields">{children}</div>
    </section>
  );
}

/** The form's buttons in a bar that stays in view at the bottom of the window, with the required-fields note. */
export function FormActions({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="form-actions">
      <p className="form-actions__note">{t('form.required')}</p>
      <div className="form-actions__buttons">{children}</div>
    </div>
  );
}

export function SubmitButton({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { isSubmitting } = useFormikContext();
  return (
    <button type="submit" className="button button--primary" disabled={isSubmitting}>
      {isSubmitting ? t('common.saving') : children}
    </button>
  );
}

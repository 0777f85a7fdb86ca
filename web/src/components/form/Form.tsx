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
import { createContext, useContext, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { ApiError } from '@/lib/api-client';
import { notifySaved } from '@/stores/notification';

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
  /**
   * For users who may see but not change: every field is disabled (one `<fieldset disabled>`)
   * and the form's buttons (`FormActions`, `SubmitButton`) are not rendered, so nothing on
   * the screen offers a change the server would refuse.
   */
  readOnly?: boolean;
  children: ReactNode;
}

const ReadOnlyContext = createContext(false);

/** Whether the surrounding form is read-only: for buttons of a form's own (add a row, remove) to hide themselves. */
export function useFormReadOnly(): boolean {
  return useContext(ReadOnlyContext);
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
  readOnly = false,
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
        <ReadOnlyContext.Provider value={readOnly}>
          <ClearFormErrorOnChange />
          <FocusFirstInvalidField />
          {guardUnsaved && !readOnly && <UnsavedChangesGuard />}
          {readOnly ? (
            <fieldset className="form__read-only" disabled>
              {children}
            </fieldset>
          ) : (
            children
          )}
        </ReadOnlyContext.Provider>
      </FormikForm>
    </Formik>
  );
}

/**
 * The `onSubmit` of a form that saves and stays on its screen: it saves, takes the saved
 * values as its own and says so. The screen reads the record back only later; until
 * then formik would call the form dirty, and its guard would ask about changes already
 * saved (web-210). `Form` cannot do this by itself: it cannot tell a save from an
 * `onSubmit` that only opens a confirmation.
 */
export function saveAndStay<Values extends FormikValues>(save: (values: Values) => Promise<unknown>, saved: string) {
  return async (values: Values, helpers: FormikHelpers<Values>) => {
    await save(values);
    helpers.resetForm({ values });
    notifySaved(saved);
  };
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

/**
 * After a submit the form refuses (its own checks or the server's), the first invalid
 * field in reading order takes the focus, so keyboard and screen-reader users land on it.
 */
function FocusFirstInvalidField() {
  const { submitCount, isSubmitting, errors } = useFormikContext();
  const marker = useRef<HTMLSpanElement>(null);
  const handledSubmit = useRef(0);
  const invalid = Object.keys(errors).length > 0;
  useLayoutEffect(() => {
    if (isSubmitting || !invalid || submitCount === handledSubmit.current) return;
    handledSubmit.current = submitCount;
    marker.current?.closest('form')?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount, isSubmitting, invalid]);
  return <span ref={marker} hidden />;
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

/** The error messages of formik's (possibly nested) errors, each under its dotted field name. */
function flattenErrors(errors: unknown, prefix = ''): [string, string][] {
  if (typeof errors === 'string') return [[prefix, errors]];
  if (!errors || typeof errors !== 'object') return [];
  return Object.entries(errors).flatMap(([key, value]) => flattenErrors(value, prefix ? `${prefix}.${key}` : key));
}

interface NamedError {
  message: string;
  label?: string;
  fieldId?: string;
}

/**
 * The field's visible label, without its required mark: what the summary calls it. A field
 * inside a sentence (the series rule, web-110) has no label of its own: its aria-label, or
 * its group's ("Days" for the day chips), names it before the fieldset's legend does.
 */
function labelOf(field: HTMLElement): string | undefined {
  const named = field.getAttribute('aria-label') ?? field.closest('[role="group"][aria-label]')?.getAttribute('aria-label');
  if (!(field as HTMLInputElement).labels?.length && named) return named;
  const label = (field as HTMLInputElement).labels?.[0] ?? field.closest('fieldset')?.querySelector('legend');
  const text = label?.cloneNode(true) as HTMLElement | undefined;
  text?.querySelectorAll('.required-mark').forEach((mark) => mark.remove());
  return text?.textContent?.trim() || undefined;
}

/**
 * After a submit: the server's refusal of the whole form (e.g. wrong credentials), else
 * 'Please fill in all the fields correctly' with every invalid field named by its label and
 * linked (a click focuses it); both go when fixed. The messages stay under their fields:
 * the summary names where to go, not the same sentence twice.
 */
export function FormErrorSummary() {
  const { t } = useTranslation();
  const { submitCount, errors, isSubmitting, status } = useFormikContext();
  const container = useRef<HTMLDivElement>(null);
  const [named, setNamed] = useState<NamedError[]>([]);
  const formError = (status as FormStatus | undefined)?.formError;
  const messages = flattenErrors(errors);
  const shown = !isSubmitting && !formError && submitCount > 0 && messages.length > 0;
  const key = JSON.stringify(messages);
  // The labels live in the fields' DOM (each field owns its id and label), so they are read after render.
  useLayoutEffect(() => {
    if (!shown) return;
    const form = container.current?.closest('form');
    setNamed(
      (JSON.parse(key) as [string, string][]).map(([name, message]) => {
        const field = form?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
        return { message, label: field ? labelOf(field) : undefined, fieldId: field?.id || undefined };
      }),
    );
  }, [shown, key]);
  if (isSubmitting) return null;
  if (formError) {
    return (
      <p className="form__summary" role="alert">
        {formError}
      </p>
    );
  }
  if (!shown) return null;
  return (
    <div className="form__summary" role="alert" ref={container}>
      <p className="form__summary-title">{t('errors.formInvalid')}</p>
      {named.length > 0 && (
        <ul className="form__summary-list">
          {named.map(({ message, label, fieldId }) => (
            <li key={`${fieldId ?? ''}${label ?? message}`}>
              {fieldId && label ? (
                <a
                  href={`#${fieldId}`}
                  onClick={(event) => {
                    event.preventDefault();
                    document.getElementById(fieldId)?.focus();
                  }}
                >
                  {label}
                </a>
              ) : (
                // A field the summary cannot name is named by its message (the field itself shows it once more).
                (label ?? message)
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
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
  const readOnly = useFormReadOnly();
  if (readOnly) return null;
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
  const readOnly = useFormReadOnly();
  if (readOnly) return null;
  return (
    <button type="submit" className="button button--primary" disabled={isSubmitting}>
      {isSubmitting ? t('common.saving') : children}
    </button>
  );
}

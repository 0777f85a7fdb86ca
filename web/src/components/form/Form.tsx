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
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';

export interface FormProps<Values extends FormikValues> {
  initialValues: Values;
  onSubmit: (values: Values, helpers: FormikHelpers<Values>) => Promise<unknown> | void;
  validationSchema?: FormikConfig<Values>['validationSchema'];
  validate?: FormikConfig<Values>['validate'];
  enableReinitialize?: boolean;
  className?: string;
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
            helpers.setStatus({ serverFields: Object.keys(error.fields) });
          }
        }
      }}
    >
      <FormikForm className={className ?? 'form'} noValidate>
        {children}
      </FormikForm>
    </Formik>
  );
}

/** Shows 'Please fill in all the fields correctly' after a submit with invalid fields. */
export function FormErrorSummary() {
  const { t } = useTranslation();
  const { submitCount, errors, isSubmitting } = useFormikContext();
  if (submitCount === 0 || isSubmitting || Object.keys(errors).length === 0) return null;
  return (
    <p className="form__summary" role="alert">
      {t('errors.formInvalid')}
    </p>
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

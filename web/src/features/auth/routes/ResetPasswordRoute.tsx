import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Form, FormErrorSummary, SubmitButton, TextField } from '@/components/form';
import { resetPassword } from '@/features/auth/api/auth';
import { onlyProblems, passwordProblem } from '@/features/auth/validation';

interface ResetValues {
  password: string;
  password_confirmation: string;
}

export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [done, setDone] = useState(false);

  return (
    <>
      <h1>{t('auth.resetPassword.title')}</h1>
      {!token && <p role="alert">{t('auth.resetPassword.missingToken')}</p>}
      {token && done && <p role="status">{t('auth.resetPassword.done')}</p>}
      {token && !done && (
        <Form<ResetValues>
          initialValues={{ password: '', password_confirmation: '' }}
          validate={(values) =>
            onlyProblems<ResetValues>({
              password: passwordProblem(t, values.password, t('auth.resetPassword.password')),
              password_confirmation:
                values.password === values.password_confirmation ? undefined : t('errors.passwordsDiffer'),
            })
          }
          onSubmit={async (values) => {
            await resetPassword(token, values.password);
            setDone(true);
          }}
        >
          <TextField name="password" type="password" autoComplete="new-password" label={t('auth.resetPassword.password')} />
          <TextField
            name="password_confirmation"
            type="password"
            autoComplete="new-password"
            label={t('auth.resetPassword.confirmation')}
          />
          <FormErrorSummary />
          <div className="form__actions">
            <SubmitButton>{t('auth.resetPassword.submit')}</SubmitButton>
          </div>
        </Form>
      )}
      <Link to="/login">{t('auth.forgotPassword.backToLogin')}</Link>
    </>
  );
}

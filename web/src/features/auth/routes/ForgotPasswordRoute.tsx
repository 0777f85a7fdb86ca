import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Form, FormErrorSummary, SubmitButton, TextField } from '@/components/form';
import { requestPasswordReset } from '@/features/auth/api/auth';
import { emailProblem, onlyProblems } from '@/features/auth/validation';

export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);

  return (
    <>
      <h1>{t('auth.forgotPassword.title')}</h1>
      {sent ? (
        <p role="status">{t('auth.forgotPassword.sent')}</p>
      ) : (
        <Form<{ email: string }>
          initialValues={{ email: '' }}
          validate={(values) => onlyProblems<{ email: string }>({ email: emailProblem(t, values.email, t('auth.login.email')) })}
          onSubmit={async (values) => {
            await requestPasswordReset(values.email.trim());
            setSent(true);
          }}
        >
          <p>{t('auth.forgotPassword.intro')}</p>
          <TextField name="email" type="email" autoComplete="email" label={t('auth.login.email')} />
          <FormErrorSummary />
          <div className="form__actions">
            <SubmitButton>{t('auth.forgotPassword.submit')}</SubmitButton>
          </div>
        </Form>
      )}
      <Link to="/login">{t('auth.forgotPassword.backToLogin')}</Link>
    </>
  );
}

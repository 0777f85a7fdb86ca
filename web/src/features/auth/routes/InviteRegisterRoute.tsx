import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Form, FormErrorSummary, SubmitButton, TextField } from '@/components/form';
import { acceptInvite } from '@/features/auth/api/auth';
import { onlyProblems, passwordProblem, requiredText } from '@/features/auth/validation';

interface InviteValues {
  first_name: string;
  last_name: string;
  password: string;
}

export function InviteRegisterRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [done, setDone] = useState(false);

  if (!token) return <p role="alert">{t('auth.invite.missingToken')}</p>;
  return (
    <>
      <h1>{t('auth.invite.title')}</h1>
      {done ? (
        <>
          <p role="status">{t('auth.invite.done')}</p>
          <Link to="/login">{t('auth.forgotPassword.backToLogin')}</Link>
        </>
      ) : (
        <Form<InviteValues>
          initialValues={{ first_name: '', last_name: '', password: '' }}
          validate={(values) =>
            onlyProblems<InviteValues>({
              first_name: requiredText(t, values.first_name, t('auth.invite.firstName')),
              last_name: requiredText(t, values.last_name, t('auth.invite.lastName')),
              password: passwordProblem(t, values.password, t('auth.invite.password')),
            })
          }
          onSubmit={async (values) => {
            await acceptInvite({ token, ...values, first_name: values.first_name.trim(), last_name: values.last_name.trim() });
            setDone(true);
          }}
        >
          <TextField name="first_name" autoComplete="given-name" label={t('auth.invite.firstName')} />
          <TextField name="last_name" autoComplete="family-name" label={t('auth.invite.lastName')} />
          <TextField name="password" type="password" autoComplete="new-password" label={t('auth.invite.password')} />
          <FormErrorSummary />
          <div className="form__actions">
            <SubmitButton>{t('auth.invite.submit')}</SubmitButton>
          </div>
        </Form>
      )}
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Form, FormErrorSummary, SubmitButton, TextField } from '@/components/form';
import { login, type Credentials } from '@/features/auth/api/auth';
import { emailProblem, onlyProblems, requiredText, safeRedirect } from '@/features/auth/validation';
import { overviewPath } from '@/lib/authorization';
import { completeLogin } from '@/lib/session';
import { useContextStore } from '@/stores/context';

export function LoginRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  return (
    <>
      <h1>{t('auth.login.title')}</h1>
      <Form<Credentials>
        initialValues={{ email: '', password: '' }}
        validate={(values) =>
          onlyProblems<Credentials>({
            email: emailProblem(t, values.email, t('auth.login.email')),
            password: requiredText(t, values.password, t('auth.login.password')),
          })
        }
        onSubmit={async (values) => {
          const profile = await completeLogin(await login({ email: values.email.trim(), password: values.password }));
          const target =
            safeRedirect(params.get('redirect')) ?? overviewPath(profile, useContextStore.getState().organizationId);
          await navigate(target, { replace: true });
        }}
      >
        <TextField name="email" type="email" autoComplete="username" label={t('auth.login.email')} />
        <TextField name="password" type="password" autoComplete="current-password" label={t('auth.login.password')} />
        <FormErrorSummary />
        <div className="form__actions">
          <SubmitButton>{t('auth.login.submit')}</SubmitButton>
          <Link to="/forgot-password">{t('auth.login.forgotPassword')}</Link>
        </div>
      </Form>
    </>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Form, FormActions, FormErrorSummary, SubmitButton } from '@/components/form';
import { PageHeader } from '@/components/page/PageHeader';
import { useCreateOrganization } from '@/features/organizations/api/organizations';
import type { OrganizationCreated, OrganizationInput } from '@/features/organizations/api/types';
import {
  emptyOrganization,
  OrganizationInputs,
  organizationSchema,
} from '@/features/organizations/components/OrganizationInputs';
import { notifySaved } from '@/stores/notification';

const MANAGEMENT = '/application/organizations/management';

/** The API client secret is answered once, by the create call: show it before leaving. */
function Credentials({ created }: { created: OrganizationCreated }) {
  const { t } = useTranslation();
  return (
    <section className="panel" aria-labelledby="credentials-title">
      <h2 id="credentials-title">{t('organizations.credentials.title')}</h2>
      <p>{t('organizations.credentials.once')}</p>
      <dl className="credentials">
        <dt>{t('organizations.credentials.clientId')}</dt>
        <dd>
          <code data-testid="client-id">{created.client_id}</code>
        </dd>
        <dt>{t('organizations.credentials.secret')}</dt>
        <dd>
          <code data-testid="client-secret">{created.client_secret}</code>
        </dd>
      </dl>
      <div className="form__actions">
        <button
          type="button"
          className="button"
          onClick={() => void navigator.clipboard?.writeText(created.client_secret ?? '')}
        >
          {t('organizations.credentials.copy')}
        </button>
        <Link className="button button--primary" to={MANAGEMENT}>
          {t('organizations.credentials.done')}
        </Link>
      </div>
    </section>
  );
}

export function OrganizationCreateRoute() {
  const { t } = useTranslation();
  const createOrganization = useCreateOrganization();
  const [created, setCreated] = useState<OrganizationCreated | null>(null);

  return (
    <>
      <PageHeader title={t('organizations.createTitle')} />
      {created ? (
        <Credentials created={created} />
      ) : (
        <Form<OrganizationInput>
          className="form form--sections"
          guardUnsaved
          initialValues={emptyOrganization}
          validationSchema={organizationSchema(t)}
          onSubmit={async (values) => {
            setCreated(await createOrganization.mutateAsync(values));
            notifySaved(t('common.saved'));
          }}
        >
          <OrganizationInputs />
          <FormErrorSummary />
          <FormActions>
            <SubmitButton>{t('common.save')}</SubmitButton>
            <Link to={MANAGEMENT}>{t('common.cancel')}</Link>
          </FormActions>
        </Form>
      )}
    </>
  );
}

import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { DataGrid, RowActions, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { Form, FormErrorSummary, SelectField, SubmitButton, TextField } from '@/components/form';
import {
  INVITE_ROLES,
  invitesList,
  useApplicationOrganizations,
  useSendInvite,
  type Invite,
  type InviteInput,
} from '@/features/applications/api/applications';
import { formatDate } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { notifySaved } from '@/stores/notification';

const EMPTY_INVITE: InviteInput = { email: '', first_name: '', last_name: '', organization_id: '', role: 'organization' };

/**
 * An application's invites and the form that sends one (an organisation or trainer account):
 * the superadmin's application tab and the application area's member invites (decision 1501).
 * `explain` adds, per invite, a link to "why denied?" about that person (superadmins).
 */
export function InvitesPanel({ id, explain = false }: { id: string; explain?: boolean }) {
  const { t } = useTranslation();
  const organizations = useApplicationOrganizations(id);
  const sendInvite = useSendInvite();
  const [refreshKey, setRefreshKey] = useState(0);
  const source = useMemo(() => invitesList(id), [id]);
  const language = currentLanguage();
  const organizationNames = useMemo(
    () => new Map((organizations.data ?? []).map((organization) => [organization.id, organization.name])),
    [organizations.data],
  );

  const columns = useMemo<DataGridColumn<Invite>[]>(
    () => [
      { field: 'email', header: t('applications.invite.email'), flex: 2 },
      {
        field: 'name',
        header: t('applications.invite.name'),
        flex: 1,
        render: (invite) => `${invite.first_name} ${invite.last_name}`,
      },
      {
        field: 'organization_id',
        header: t('applications.invite.organization'),
        flex: 1,
        render: (invite) => organizationNames.get(invite.organization_id) ?? invite.organization_id,
      },
      { field: 'role', header: t('applications.invite.role'), sortable: true, width: 130, render: (invite) => t(`applications.roles.${invite.role}`, invite.role) },
      { field: 'status', header: t('applications.invite.status'), sortable: true, width: 130, render: (invite) => t(`applications.inviteStatus.${invite.status}`, invite.status) },
      {
        field: 'created_at',
        header: t('applications.invite.sentAt'),
        sortable: true,
        width: 200,
        render: (invite) => formatDate(invite.created_at, language),
      },
      {
        field: 'expires_at',
        header: t('applications.invite.expires'),
        width: 200,
        render: (invite) => formatDate(invite.expires_at, language),
      },
      ...(explain
        ? [
            {
              field: 'actions',
              header: t('common.actions'),
              width: 220,
              render: (invite: Invite) => (
                <RowActions
                  actions={[
                    {
                      label: t('applications.invite.whyDenied'),
                      icon: 'view',
                      to: `/admin/permissions/why-denied?${new URLSearchParams({
                        email: invite.email,
                        application_id: id,
                        organization_id: invite.organization_id,
                      }).toString()}`,
                    },
                  ]}
                />
              ),
            },
          ]
        : []),
    ],
    [t, organizationNames, language, explain, id],
  );

  const label = (field: string) => t(`applications.invite.${field}`);
  const schema = yup.object({
    email: yup
      .string()
      .trim()
      .required(t('errors.required', { field: label('email').toLowerCase() }))
      .email(t('errors.email', { field: label('email').toLowerCase() })),
    first_name: yup.string().trim().required(t('errors.required', { field: label('first_name').toLowerCase() })),
    last_name: yup.string().trim().required(t('errors.required', { field: label('last_name').toLowerCase() })),
    organization_id: yup.string().nullable().required(t('errors.required', { field: label('organization').toLowerCase() })),
    role: yup.string().oneOf([...INVITE_ROLES]),
  });

  return (
    <>
      <h2 className="form__section">{t('applications.invite.send')}</h2>
      <Form<InviteInput>
        initialValues={EMPTY_INVITE}
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          await sendInvite.mutateAsync({ id, input: { ...values, email: values.email.trim() } });
          notifySaved(t('applications.invite.sent'));
          helpers.resetForm();
          setRefreshKey((key) => key + 1);
        }}
      >
        <div className="form__row">
          <TextField name="email" label={label('email')} type="email" />
          <TextField name="first_name" label={label('first_name')} />
          <TextField name="last_name" label={label('last_name')} />
        </div>
        <div className="form__row">
          <SelectField
            name="organization_id"
            label={label('organization')}
            emptyLabel={organizations.data?.length === 0 ? t('applications.invite.noOrganizations') : ''}
            options={(organizations.data ?? []).map((organization) => ({ value: organization.id, label: organization.name }))}
          />
          <SelectField
            name="role"
            label={label('role')}
            options={INVITE_ROLES.map((role) => ({ value: role, label: t(`applications.roles.${role}`) }))}
          />
        </div>
        <FormErrorSummary />
        <div className="form__actions">
          <SubmitButton>{t('applications.invite.send')}</SubmitButton>
        </div>
      </Form>
      <h2 className="form__section">{t('applications.invite.list')}</h2>
      <DataGrid<Invite>
        label={t('applications.invite.list')}
        columns={columns}
        source={source}
        getRowId={(invite) => invite.id}
        defaultSort={{ field: 'created_at', direction: 'desc' }}
        emptyMessage={t('applications.invite.empty')}
        refreshKey={refreshKey}
      />
    </>
  );
}

import { useFormikContext } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import * as yup from 'yup';
import { CheckboxListField, Form, FormActions, FormErrorSummary, FormSection, SelectField, SubmitButton, TextField } from '@/components/form';
import { HistoryLink } from '@/components/audit/HistoryLink';
import { PageHeader } from '@/components/page/PageHeader';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Skeleton } from '@/components/ui/Skeleton';
import {
  CONTACT_ROLES,
  useContact,
  useDeleteContact,
  useSaveContact,
  useTrainerChoices,
  type Contact,
  type ContactInput,
} from '@/features/contacts/api/contacts';
import { can } from '@/lib/authorization';
import { useAuthStore } from '@/stores/auth';
import { notifySaved } from '@/stores/notification';
import '@/features/contacts/i18n';

export function ContactFormRoute() {
  const { contact_id: contactId } = useParams();
  return contactId ? <EditContact id={contactId} /> : <ContactForm />;
}

function EditContact({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useContact(id);
  if (isPending) return <Skeleton lines={4} />;
  if (isError) return <p>{t('contacts.notFound')}</p>;
  return <ContactForm contact={data} />;
}

function ContactForm({ contact }: { contact?: Contact }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { organization_id: organizationId = '' } = useParams();
  const back = `/organizations/${encodeURIComponent(organizationId)}/contacts`;
  const save = useSaveContact(organizationId);
  const remove = useDeleteContact();
  const [confirming, setConfirming] = useState(false);
  // The server's writes of a contact check manage-contacts; whoever only sees contacts (view-contacts) reads it.
  const mayManage = useAuthStore((state) => can(state.profile, 'manage-contacts'));
  const schema = yup.object({
    name: yup
      .string()
      .trim()
      .required(t('errors.required', { field: t('contacts.fields.name').toLowerCase() })),
    email: yup.string().email(t('errors.email', { field: t('contacts.fields.email').toLowerCase() })),
    roles: yup.array().min(1, t('contacts.errors.roleRequired')),
  });
  const initial: ContactInput = contact
    ? { name: contact.name, email: contact.email, phone: contact.phone, roles: contact.roles, trainer_user_id: contact.trainer_user_id }
    : { name: '', email: '', phone: '', roles: [], trainer_user_id: null };

  return (
    <>
      <PageHeader
        title={contact ? t('contacts.editTitle') : t('contacts.createTitle')}
        actions={
          contact && (
            <>
              <HistoryLink entityType="contact" entityId={contact.id} />
              {mayManage && (
                <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
                  {t('contacts.delete')}
                </button>
              )}
            </>
          )
        }
      />
      <Form<ContactInput>
        className="form form--sections"
        guardUnsaved
        readOnly={!mayManage}
        initialValues={initial}
        validationSchema={schema}
        onSubmit={async (values) => {
          // Only a trainer contact names a trainer user.
          const trainer = values.roles.includes('trainer') ? values.trainer_user_id : null;
          await save.mutateAsync({
            id: contact?.id,
            input: { ...values, name: values.name.trim(), trainer_user_id: trainer || null, version: contact?.version },
          });
          notifySaved(t('common.saved'));
          await navigate(back);
        }}
      >
        <FormSection title={t('contacts.sections.contact')} description={t('contacts.sections.contactHint')}>
          <TextField name="name" label={t('contacts.fields.name')} required wide autoFocus />
          <TextField name="email" label={t('contacts.fields.email')} type="email" />
          <TextField name="phone" label={t('contacts.fields.phone')} type="tel" />
        </FormSection>
        <FormSection title={t('contacts.sections.roles')} description={t('contacts.sections.rolesHint')}>
          <CheckboxListField
            name="roles"
            label={t('contacts.fields.roles')}
            required
            options={CONTACT_ROLES.map((role) => ({ value: role, label: t(`contacts.roles.${role}`) }))}
          />
          <TrainerUserField organizationId={organizationId} />
        </FormSection>
        <FormErrorSummary />
        <FormActions>
          <SubmitButton>{t('common.save')}</SubmitButton>
          <Link to={back}>{t('common.cancel')}</Link>
        </FormActions>
      </Form>
      {contact && mayManage && (
        <ConfirmDialog
          open={confirming}
          title={t('contacts.delete')}
          body={t('contacts.deleteBody', { name: contact.name })}
          confirmLabel={t('contacts.delete')}
          busy={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(contact.id, {
              onSuccess: () => {
                notifySaved(t('contacts.deleted'));
                void navigate(back);
              },
              onSettled: () => setConfirming(false),
            })
          }
        />
      )}
    </>
  );
}

/** A trainer contact may be linked to one of the organisation's trainer users, picked by name. */
function TrainerUserField({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const { values } = useFormikContext<ContactInput>();
  const trainer = values.roles.includes('trainer');
  const choices = useTrainerChoices(organizationId, trainer);
  if (!trainer) return null;
  return (
    <SelectField
      name="trainer_user_id"
      label={t('contacts.fields.trainer_user_id')}
      options={choices.data ?? []}
      emptyLabel={t('contacts.noTrainerUser')}
    />
  );
}

import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { Form, FormErrorSummary, SubmitButton, TextAreaField, TextField } from '@/components/form';
import { Dialog } from '@/components/ui/Dialog';
import { useContactParticipants, type Participant } from '@/features/activities/api/participants';
import { DEFAULT_TITLE } from '@/lib/application';
import { useAuthStore } from '@/stores/auth';
import { useContextStore } from '@/stores/context';
import { notifySaved } from '@/stores/notification';

interface Message {
  subject: string;
  message: string;
}

/** The server's placeholders ({first_name}, {last_name}, {app_name}) filled in as it will. */
export function fillPlaceholders(text: string, participant: Pick<Participant, 'first_name' | 'last_name'>, appName: string): string {
  return text
    .replaceAll('{first_name}', participant.first_name)
    .replaceAll('{last_name}', participant.last_name)
    .replaceAll('{app_name}', appName);
}

/**
 * Mails the session's participants with a spot (or the selected ones): subject and message
 * with placeholders, the recipients named, and a preview for the first of them.
 */
export function ContactParticipantsDialog({
  sessionId,
  recipients,
  selectedOnly,
  onClose,
}: {
  sessionId: string;
  recipients: Participant[];
  selectedOnly: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const contact = useContactParticipants(sessionId);
  const withEmail = recipients.filter((p) => p.email);
  return (
    <Dialog open title={t('activities.participants.contactTitle')} onClose={onClose} wide>
      <Form<Message>
        initialValues={{ subject: '', message: '' }}
        validate={(values) => ({
          ...(values.subject.trim() ? {} : { subject: t('activities.participants.contactRequired') }),
          ...(values.message.trim() ? {} : { message: t('activities.participants.contactRequired') }),
        })}
        onSubmit={async (values) => {
          const sent = await contact.mutateAsync({
            subject: values.subject,
            message: values.message,
            ...(selectedOnly ? { booking_ids: recipients.map((p) => p.booking_id) } : {}),
          });
          notifySaved(t('activities.participants.contactSent', { count: sent }));
          onClose();
        }}
      >
        <p data-testid="contact-recipients">
          {t(selectedOnly ? 'activities.participants.contactToSelected' : 'activities.participants.contactToAll', {
            count: withEmail.length,
            names: withEmail.map((p) => `${p.first_name} ${p.last_name}`.trim()).join(', '),
          })}
        </p>
        <TextField name="subject" label={t('activities.participants.contactSubject')} required />
        <TextAreaField
          name="message"
          label={t('activities.participants.contactMessage')}
          rows={6}
          required
          hint={t('activities.participants.contactPlaceholders')}
        />
        {withEmail[0] && <Preview participant={withEmail[0]} />}
        <FormErrorSummary />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <SubmitButton>{t('activities.participants.contactSend', { count: withEmail.length })}</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

function Preview({ participant }: { participant: Participant }) {
  const { t } = useTranslation();
  const { values } = useFormikContext<Message>();
  const applicationId = useContextStore((state) => state.applicationId);
  const applications = useAuthStore((state) => state.user?.applications);
  const name = applications?.find((application) => application.id === applicationId)?.name ?? DEFAULT_TITLE;
  return (
    <section className="notification-preview contact-preview" aria-labelledby="contact-preview-title" data-testid="contact-preview">
      <h2 id="contact-preview-title">
        {t('activities.participants.contactPreview', { name: `${participant.first_name} ${participant.last_name}`.trim() })}
      </h2>
      <p>
        <strong>{fillPlaceholders(values.subject, participant, name)}</strong>
      </p>
      <p className="contact-preview__message">{fillPlaceholders(values.message, participant, name)}</p>
    </section>
  );
}

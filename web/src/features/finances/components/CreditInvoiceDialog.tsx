import { useTranslation } from 'react-i18next';
import { Form, SubmitButton, TextAreaField } from '@/components/form';
import { Dialog } from '@/components/ui/Dialog';
import { useCreditInvoice, type Invoice } from '@/features/finances/api/finances';
import { notifySaved } from '@/stores/notification';

/** Cancels an invoice with a credit note; the reason is required (the server says so too). */
export function CreditInvoiceDialog({ invoice, onClose, onCredited }: { invoice: Invoice | null; onClose: () => void; onCredited: () => void }) {
  const { t } = useTranslation();
  const credit = useCreditInvoice();
  return (
    <Dialog open={invoice !== null} title={t('finances.creditTitle', { number: invoice?.number ?? '' })} onClose={onClose}>
      <p>{t('finances.creditExplanation')}</p>
      <Form<{ reason: string }>
        initialValues={{ reason: '' }}
        validate={(values) => (values.reason.trim() ? {} : { reason: t('finances.reason') })}
        onSubmit={async (values) => {
          if (!invoice) return;
          await credit.mutateAsync({ invoiceId: invoice.id, reason: values.reason.trim() });
          notifySaved(t('finances.creditNoteMade'));
          onCredited();
          onClose();
        }}
      >
        <TextAreaField name="reason" label={t('finances.reason')} rows={3} />
        <div className="dialog__actions">
          <SubmitButton>{t('finances.credit')}</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

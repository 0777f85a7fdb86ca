import { useTranslation } from 'react-i18next';
import { Form, SubmitButton, TextField } from '@/components/form';
import { previousMonth, useGenerateMonth } from '@/features/finances/api/finances';
import { notifySaved } from '@/stores/notification';

interface MonthValues {
  month: string;
}

/**
 * Generates the month's SEPA file or invoices (the previous month by default). The
 * server refuses a month that has not ended, or was done already; its message shows
 * on the field or in the notification bar.
 */
export function GenerateMonthForm({ kind, onDone }: { kind: 'sepas' | 'invoices'; onDone: () => void }) {
  const { t } = useTranslation();
  const generate = useGenerateMonth(kind);
  return (
    <Form<MonthValues>
      initialValues={{ month: previousMonth(new Date()) }}
      validate={(values) => (/^\d{4}-\d{2}$/.test(values.month) ? {} : { month: t('finances.month') })}
      onSubmit={async (values) => {
        await generate.mutateAsync({ month: values.month });
        notifySaved(t('finances.generated'));
        onDone();
      }}
    >
      <TextField name="month" type="month" label={t('finances.month')} />
      <SubmitButton>{t(kind === 'sepas' ? 'finances.generateSepa' : 'finances.generateInvoices')}</SubmitButton>
    </Form>
  );
}

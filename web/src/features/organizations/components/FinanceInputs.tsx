import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { TextAreaField, TextField } from '@/components/form';
import type { FinanceInput, OrganizationFinance } from '@/features/organizations/api/types';
import { formatIban, isValidIban, normalizeIban } from '@/lib/iban';

/** The server's rules (domain/organization CleanFinance), IBAN with its mod-97 check. */
export function financeSchema(t: TFunction) {
  const label = (field: string) => t(`organizations.finance.${field}`).toLowerCase();
  const text = (field: string, max: number) =>
    yup.string().trim().max(max, t('errors.maxLength', { field: label(field), length: max }));
  return yup.object({
    attn: text('attn', 150),
    address: text('address', 500),
    account_name: text('account_name', 150).required(t('errors.required', { field: label('account_name') })),
    iban: yup
      .string()
      .required(t('errors.required', { field: label('iban') }))
      .test('iban', t('organizations.errors.iban'), (value) => !value || isValidIban(value)),
  });
}

export function financeValues(finance: OrganizationFinance | undefined): FinanceInput {
  return {
    attn: finance?.attn ?? '',
    address: finance?.address ?? '',
    iban: finance?.iban ? formatIban(finance.iban) : '',
    account_name: finance?.account_name ?? '',
  };
}

/** What is sent: the IBAN without spaces, as the server stores it. */
export function financeBody(values: FinanceInput): FinanceInput {
  return { ...values, iban: normalizeIban(values.iban) };
}

export function FinanceInputs() {
  const { t } = useTranslation();
  const label = (field: string) => t(`organizations.finance.${field}`);
  return (
    <>
      <TextField name="attn" label={label('attn')} />
      <TextAreaField name="address" label={label('address')} rows={3} />
      <TextField name="iban" label={label('iban')} autoComplete="off" spellCheck={false} />
      <TextField name="account_name" label={label('account_name')} />
    </>
  );
}

import { useField, useFormikContext } from 'formik';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, SubmitButton, TextField } from '@/components/form';
import { Dialog } from '@/components/ui/Dialog';
import type { RedeemAnswer, WalletCustomer } from '@/features/wallets/api/types';
import { useCustomerSearch, useRedeemCode } from '@/features/wallets/api/wallets';
import { ApiError } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { notifySaved } from '@/stores/notification';
import '@/features/wallets/i18n';

type Customer = WalletCustomer['customer'];

interface RedeemValues {
  customer_id: string;
  code: string;
}

/** Search the application's customers and pick one; the form value is its id. */
function CustomerPicker({
  walletId,
  chosen,
  onChoose,
}: {
  walletId: string;
  chosen: Customer | null;
  onChoose: (customer: Customer | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [, meta, helpers] = useField<string>('customer_id');
  const { submitCount } = useFormikContext();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  const results = useCustomerSearch(walletId, debounced);
  const error = submitCount > 0 ? meta.error : undefined;

  if (chosen) {
    return (
      <div className="field">
        <span className="field__label">{t('wallets.redeem.customer')}</span>
        <p className="redeem__customer" data-testid="redeem-customer">
          <strong>{chosen.name}</strong> <span className="field__hint">{chosen.email}</span>{' '}
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              onChoose(null);
              void helpers.setValue('');
            }}
          >
            {t('common.edit')}
          </button>
        </p>
        {error && <p className="field__error">{error}</p>}
      </div>
    );
  }
  const rows = debounced.trim() ? (results.data?.rows ?? []) : [];
  return (
    <div className="field">
      <label htmlFor={id}>{t('wallets.redeem.customer')}</label>
      <input
        id={id}
        className="input"
        type="search"
        placeholder={t('wallets.redeem.chooseCustomer')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        aria-invalid={Boolean(error) || undefined}
      />
      {rows.length > 0 && (
        <ul className="menu__list redeem__results" aria-label={t('wallets.redeem.customer')}>
          {rows.map((row) => (
            <li key={row.customer.id}>
              <button
                type="button"
                className="menu__item redeem__result"
                onClick={() => {
                  onChoose(row.customer);
                  void helpers.setValue(row.customer.id);
                }}
              >
                {row.customer.name} <span className="field__hint">{row.customer.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {debounced.trim() && results.isSuccess && rows.length === 0 && <p className="field__hint">{t('wallets.redeem.noMatches')}</p>}
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}

export interface RedeemCodeDialogProps {
  walletId: string;
  open: boolean;
  /** Opened from a customer's row: that customer, changeable. */
  customer?: Customer | null;
  onClose: () => void;
  onRedeemed?: (answer: RedeemAnswer) => void;
}

/** Support redeems a code for a customer; the server's reason for a refusal is shown in the dialog. */
export function RedeemCodeDialog({ walletId, open, customer, onClose, onRedeemed }: RedeemCodeDialogProps) {
  const { t } = useTranslation();
  const redeem = useRedeemCode(walletId);
  const [chosen, setChosen] = useState<Customer | null>(customer ?? null);
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <Dialog open={open} title={t('wallets.redeem.title')} onClose={onClose}>
      <Form<RedeemValues>
        initialValues={{ customer_id: customer?.id ?? '', code: '' }}
        validate={(values) => {
          const errors: Partial<RedeemValues> = {};
          if (!values.customer_id) errors.customer_id = t('wallets.redeem.customerRequired');
          if (!values.code.trim()) errors.code = t('wallets.redeem.codeRequired');
          return errors;
        }}
        onSubmit={async (values) => {
          setRefusal(null);
          try {
            const answer = await redeem.mutateAsync({ customer_id: values.customer_id, code: values.code.trim() });
            notifySaved(
              t('wallets.redeem.done', { moves: answer.moves, balance: answer.balance, customer: chosen?.name ?? '' }),
            );
            onRedeemed?.(answer);
            onClose();
          } catch (error) {
            setRefusal(error instanceof ApiError ? error.message : t('errors.generic'));
            throw error;
          }
        }}
      >
        <CustomerPicker walletId={walletId} chosen={chosen} onChoose={setChosen} />
        <TextField name="code" label={t('wallets.redeem.code')} autoComplete="off" spellCheck={false} />
        {refusal && (
          <p className="form__summary" role="alert" data-testid="redeem-error">
            {refusal}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <SubmitButton>{t('wallets.redeem.submit')}</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

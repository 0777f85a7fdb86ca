import { useFormikContext } from 'formik';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { Form, FormErrorSummary, SubmitButton, SwitchField, TextField } from '@/components/form';
import { Dialog } from '@/components/ui/Dialog';
import type { BatchGenerated, GenerateCouponsInput } from '@/features/wallets/api/types';
import { endOfLocalDay, exampleCode } from '@/features/wallets/wallet-format';
import { isoDate } from '@/lib/period';
import '@/features/wallets/i18n';

export const MAX_QUANTITY = 100_000;

/** The form's values; the numbers are '' while empty, the expiry a date input's YYYY-MM-DD. */
export interface GenerateCouponsValues {
  quantity: number | '';
  value_moves: number | '';
  prefix: string;
  suffix: string;
  expires_at: string;
  enabled: boolean;
}

export const emptyGenerateValues: GenerateCouponsValues = {
  quantity: 10,
  value_moves: '',
  prefix: '',
  suffix: '',
  expires_at: '',
  enabled: true,
};

/** The server's limits (domain/wallet): 1–100,000 coupons, affixes A–Z0–9 up to 10, expiry not in the past. */
export function generateSchema(t: TFunction, today: () => string = () => isoDate(new Date())) {
  const whole = t('wallets.errors.wholeNumber');
  const affix = yup.string().matches(/^[A-Z0-9]{0,10}$/, t('wallets.errors.affix'));
  return yup.object({
    quantity: yup
      .number()
      .typeError(whole)
      .required(t('wallets.errors.quantity'))
      .integer(whole)
      .min(1, t('wallets.errors.quantity'))
      .max(MAX_QUANTITY, t('wallets.errors.quantity')),
    value_moves: yup
      .number()
      .typeError(whole)
      .required(t('wallets.errors.valueMoves'))
      .integer(whole)
      .min(1, t('wallets.errors.valueMoves')),
    prefix: affix,
    suffix: affix,
    expires_at: yup.string().test('not-past', t('wallets.errors.expiresInPast'), (value) => !value || value >= today()),
    enabled: yup.boolean(),
  });
}

/** The request body of the form's values. */
export function generateInput(values: GenerateCouponsValues): GenerateCouponsInput {
  return {
    quantity: Number(values.quantity),
    value_moves: Number(values.value_moves),
    prefix: values.prefix,
    suffix: values.suffix,
    expires_at: values.expires_at ? endOfLocalDay(values.expires_at) : null,
    enabled: values.enabled,
  };
}

function AffixField({ name, label }: { name: 'prefix' | 'suffix'; label: string }) {
  const { t } = useTranslation();
  const { setFieldValue } = useFormikContext<GenerateCouponsValues>();
  return (
    <TextField
      name={name}
      label={label}
      maxLength={10}
      title={t('wallets.generate.affixHint')}
      autoCapitalize="characters"
      onChange={(event) => void setFieldValue(name, event.target.value.toUpperCase().replace(/[^A-Z0-9]/g, ''))}
    />
  );
}

function Example() {
  const { t } = useTranslation();
  const { values } = useFormikContext<GenerateCouponsValues>();
  return <p className="field__hint">{t('wallets.generate.example', { example: exampleCode(values.prefix, values.suffix) })}</p>;
}

export interface GenerateCouponsDialogProps {
  open: boolean;
  onClose: () => void;
  /** Sends the batch; a thrown ApiError's field errors land on the fields. */
  onGenerate: (input: GenerateCouponsInput) => Promise<BatchGenerated>;
  onGenerated: (answer: BatchGenerated, input: GenerateCouponsInput) => void;
}

export function GenerateCouponsDialog({ open, onClose, onGenerate, onGenerated }: GenerateCouponsDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} title={t('wallets.generate.title')} onClose={onClose}>
      <Form<GenerateCouponsValues>
        initialValues={emptyGenerateValues}
        validationSchema={generateSchema(t)}
        onSubmit={async (values) => {
          const input = generateInput(values);
          onGenerated(await onGenerate(input), input);
        }}
      >
        <div className="form__row">
          <TextField name="quantity" label={t('wallets.generate.quantity')} type="number" min={1} max={MAX_QUANTITY} step={1} />
          <TextField name="value_moves" label={t('wallets.generate.value_moves')} type="number" min={1} step={1} />
        </div>
        <div className="form__row">
          <AffixField name="prefix" label={t('wallets.generate.prefix')} />
          <AffixField name="suffix" label={t('wallets.generate.suffix')} />
        </div>
        <Example />
        <TextField name="expires_at" label={t('wallets.generate.expires_at')} type="date" min={isoDate(new Date())} />
        <SwitchField name="enabled" label={t('wallets.generate.enabled')} />
        <FormErrorSummary />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <SubmitButton>{t('wallets.generate.submit')}</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

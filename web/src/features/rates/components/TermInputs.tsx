import type { TFunction } from 'i18next';
import { FieldArray, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { TextField } from '@/components/form';
import type { CancellationTerm, Period, TermInput } from '@/features/rates/api/types';
import { CancellationTimeline } from '@/features/rates/components/CancellationTimeline';
import '@/features/rates/i18n';

/** A period as the form holds it: minutes as typed ('' is none). */
interface PeriodValues {
  from_minutes: string;
  until_minutes: string;
  refund_percent: string;
}

export interface TermValues {
  name: string;
  periods: PeriodValues[];
}

export const emptyTerm: TermValues = {
  name: '',
  periods: [{ from_minutes: '', until_minutes: '', refund_percent: '100' }],
};

const text = (minutes: number | null | undefined) => (minutes == null ? '' : String(minutes));
const minutesOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

export function termValues(term: CancellationTerm): TermValues {
  return {
    name: term.name,
    periods: term.periods.map((period) => ({
      from_minutes: text(period.from_minutes),
      until_minutes: text(period.until_minutes),
      refund_percent: String(period.refund_percent),
    })),
  };
}

function periods(values: TermValues): Period[] {
  return values.periods.map((period) => ({
    from_minutes: minutesOrNull(period.from_minutes),
    until_minutes: minutesOrNull(period.until_minutes),
    refund_percent: Number(period.refund_percent),
  }));
}

/** The body sent: the server checks the period rules (spec §5), each with its own message on its field. */
export function termBody(values: TermValues): TermInput {
  return { name: values.name.trim(), periods: periods(values) };
}

export function termSchema(t: TFunction) {
  const field = t('rates.terms.name').toLowerCase();
  const whole = yup.string().matches(/^\d*$/, t('errors.fieldInvalid'));
  return yup.object({
    name: yup
      .string()
      .trim()
      .required(t('errors.required', { field }))
      .max(100, t('errors.maxLength', { field, length: 100 })),
    periods: yup.array().of(yup.object({ from_minutes: whole, until_minutes: whole, refund_percent: whole.required() })),
  });
}

export function TermInputs() {
  const { t } = useTranslation();
  const { values, errors, submitCount } = useFormikContext<TermValues>();
  const periodsError = submitCount > 0 && typeof errors.periods === 'string' ? errors.periods : undefined;
  return (
    <>
      <TextField name="name" label={t('rates.terms.name')} autoFocus />
      <fieldset className="form__group">
        <legend>{t('rates.terms.periods')}</legend>
        <FieldArray name="periods">
          {(helpers) => (
            <>
              {values.periods.map((_, index) => (
                <fieldset key={index} className="form__row" aria-label={t('rates.terms.period', { number: index + 1 })}>
                  <TextField
                    name={`periods.${index}.from_minutes`}
                    label={t('rates.terms.from_minutes')}
                    inputMode="numeric"
                    placeholder={t('rates.terms.fromBooking')}
                  />
                  <TextField
                    name={`periods.${index}.until_minutes`}
                    label={t('rates.terms.until_minutes')}
                    inputMode="numeric"
                    placeholder={t('rates.terms.untilStart')}
                  />
                  <TextField name={`periods.${index}.refund_percent`} label={t('rates.terms.refund_percent')} inputMode="numeric" />
                  {values.periods.length > 1 && (
                    <button type="button" className="button button--ghost" onClick={() => helpers.remove(index)}>
                      {t('rates.terms.removePeriod', { number: index + 1 })}
                    </button>
                  )}
                </fieldset>
              ))}
              {periodsError && (
                <p className="field__error" role="alert">
                  {periodsError}
                </p>
              )}
              <button
                type="button"
                className="button button--ghost"
                onClick={() => helpers.push({ from_minutes: '', until_minutes: '', refund_percent: '0' })}
              >
                {t('rates.terms.addPeriod')}
              </button>
            </>
          )}
        </FieldArray>
      </fieldset>
      <h2 className="form__section">{t('rates.terms.timeline')}</h2>
      <CancellationTimeline periods={periods(values).filter((period) => !Number.isNaN(period.refund_percent))} />
    </>
  );
}

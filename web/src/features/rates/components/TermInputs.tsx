import type { TFunction } from 'i18next';
import { FieldArray, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { FormSection, SelectField, TextField, useFormReadOnly } from '@/components/form';
import type { CancellationTerm, Period, TermInput } from '@/features/rates/api/types';
import { CancellationTimeline } from '@/features/rates/components/CancellationTimeline';
import { ApiError } from '@/lib/api-client';
import '@/features/rates/i18n';

/** People say "48 hours" or "2 days" before a session, never "2880 minutes"; the API keeps minutes. */
export const DURATION_UNITS = ['hours', 'days'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

const MINUTES_PER: Record<DurationUnit, number> = { hours: 60, days: 24 * 60 };

/** The server's limit (domain/rate MaxMinutes): a period boundary lies within 366 days of the session. */
export const MAX_DAYS = 366;

/** A period boundary as the form holds it: the amount as typed ('' is none) in its unit. */
export interface Duration {
  amount: string;
  unit: DurationUnit;
}

/** Minutes as the form shows them: whole days in days, else hours (a decimal only for minutes stored by older screens). */
export function durationOf(minutes: number | null | undefined): Duration {
  if (minutes == null) return { amount: '', unit: 'hours' };
  if (minutes > 0 && minutes % MINUTES_PER.days === 0) return { amount: String(minutes / MINUTES_PER.days), unit: 'days' };
  return { amount: String(minutes / MINUTES_PER.hours), unit: 'hours' };
}

/** The amount typed (a comma or a point for decimals) in minutes; '' is none, and what is not a number is NaN. */
export function minutesOf({ amount, unit }: Duration): number | null {
  const text = amount.trim().replace(',', '.');
  if (text === '') return null;
  if (!/^\d+(\.\d+)?$/.test(text)) return Number.NaN;
  return Math.round(Number(text) * MINUTES_PER[unit]);
}

/** A period as the form holds it. */
interface PeriodValues {
  from: Duration;
  until: Duration;
  refund_percent: string;
}

export interface TermValues {
  name: string;
  periods: PeriodValues[];
}

const none = (): Duration => ({ amount: '', unit: 'hours' });

export const emptyTerm: TermValues = {
  name: '',
  periods: [{ from: none(), until: none(), refund_percent: '100' }],
};

export function termValues(term: CancellationTerm): TermValues {
  return {
    name: term.name,
    periods: term.periods.map((period) => ({
      from: durationOf(period.from_minutes),
      until: durationOf(period.until_minutes),
      refund_percent: String(period.refund_percent),
    })),
  };
}

function periods(values: TermValues): Period[] {
  return values.periods.map((period) => ({
    from_minutes: minutesOf(period.from),
    until_minutes: minutesOf(period.until),
    refund_percent: Number(period.refund_percent),
  }));
}

/** The body sent: the server checks the period rules (spec §5), each with its own message on its field. */
export function termBody(values: TermValues): TermInput {
  return { name: values.name.trim(), periods: periods(values) };
}

/** The server names a period's boundaries in minutes ("periods.1.from_minutes"); the form's fields are the amounts. */
const FIELD_OF: Record<string, string> = { from_minutes: 'from.amount', until_minutes: 'until.amount' };

/** A refusal of the server with its field names turned into the form's, so each message lands on the field typed in. */
export function termError(error: unknown): unknown {
  if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([name, message]) => [
      name.replace(/\.(from_minutes|until_minutes)$/, (_, field: string) => `.${FIELD_OF[field]}`),
      message,
    ]),
  );
  return new ApiError(error.status, error.message, fields, error.serverMessage, error.details);
}

export function termSchema(t: TFunction) {
  const field = t('rates.terms.name').toLowerCase();
  const duration = yup.object({
    amount: yup
      .string()
      .test('number', t('rates.terms.errors.amount'), (value) => !Number.isNaN(minutesOf({ amount: value ?? '', unit: 'hours' })))
      .test('range', t('rates.terms.errors.maxDays', { max: MAX_DAYS }), function inRange(value) {
        const minutes = minutesOf({ amount: value ?? '', unit: (this.parent as Duration).unit });
        return minutes === null || Number.isNaN(minutes) || minutes <= MAX_DAYS * MINUTES_PER.days;
      }),
  });
  return yup.object({
    name: yup
      .string()
      .trim()
      .required(t('errors.required', { field }))
      .max(100, t('errors.maxLength', { field, length: 100 })),
    periods: yup.array().of(
      yup.object({
        from: duration,
        until: duration,
        refund_percent: yup
          .string()
          .required(t('errors.required', { field: t('rates.terms.refund_percent').toLowerCase() }))
          .matches(/^\d+$/, t('rates.terms.errors.percent')),
      }),
    ),
  });
}

/** A period's boundary: the amount and its unit side by side. */
function DurationField({ name, label, placeholder, required }: { name: string; label: string; placeholder: string; required: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="duration-field">
      <TextField name={`${name}.amount`} label={label} inputMode="decimal" placeholder={placeholder} required={required} />
      <SelectField
        name={`${name}.unit`}
        label={t('rates.terms.unit', { field: label })}
        options={DURATION_UNITS.map((unit) => ({ value: unit, label: t(`rates.terms.units.${unit}`) }))}
      />
    </div>
  );
}

/**
 * The term's name, its periods (from booking to the session's start, each with its refund)
 * and the timeline they make. Required marks follow the server's rules: with several
 * periods every period but the first starts somewhere and every one but the last ends.
 */
export function TermInputs() {
  const { t } = useTranslation();
  const readOnly = useFormReadOnly();
  const { values, errors, submitCount } = useFormikContext<TermValues>();
  const periodsError = submitCount > 0 && typeof errors.periods === 'string' ? errors.periods : undefined;
  const count = values.periods.length;
  return (
    <>
      <FormSection title={t('rates.terms.sections.term')} description={t('rates.terms.sections.termHint')}>
        <TextField name="name" label={t('rates.terms.name')} required wide autoFocus />
      </FormSection>
      <FormSection title={t('rates.terms.periods')} description={t('rates.terms.sections.periodsHint')}>
        <FieldArray name="periods">
          {(helpers) => (
            <>
              {values.periods.map((_, index) => (
                <fieldset key={index} className="form__row field--wide" aria-label={t('rates.terms.period', { number: index + 1 })}>
                  <DurationField
                    name={`periods.${index}.from`}
                    label={t('rates.terms.fromLabel')}
                    placeholder={t('rates.terms.fromBooking')}
                    required={index > 0}
                  />
                  <DurationField
                    name={`periods.${index}.until`}
                    label={t('rates.terms.untilLabel')}
                    placeholder={t('rates.terms.untilStart')}
                    required={index < count - 1}
                  />
                  <TextField name={`periods.${index}.refund_percent`} label={t('rates.terms.refund_percent')} inputMode="numeric" required />
                  {count > 1 && !readOnly && (
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
              {!readOnly && (
                <div className="field--wide">
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() => helpers.push({ from: none(), until: none(), refund_percent: '0' })}
                  >
                    {t('rates.terms.addPeriod')}
                  </button>
                </div>
              )}
            </>
          )}
        </FieldArray>
      </FormSection>
      <FormSection title={t('rates.terms.timeline')} description={t('rates.terms.sections.timelineHint')}>
        <div className="field--wide">
          <CancellationTimeline
            periods={periods(values).filter(
              (period) =>
                !Number.isNaN(period.refund_percent) && !Number.isNaN(period.from_minutes) && !Number.isNaN(period.until_minutes),
            )}
          />
        </div>
      </FormSection>
    </>
  );
}

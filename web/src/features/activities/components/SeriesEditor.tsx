import { useFormikContext, type FormikErrors } from 'formik';
import type { TFunction } from 'i18next';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Form,
  FormActions,
  FormErrorSummary,
  FormSection,
  SubmitButton,
  SwitchField,
  TextField,
  TimeField,
  RequiredMark,
  useFormReadOnly,
} from '@/components/form';
import { previewSessions } from '@/features/activities/api/activities';
import { REPETITION_TYPES, type Preview, type SessionDetail, type SessionInput } from '@/features/activities/api/types';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, formatSessionWhen, formatShortDate, formatTimeZone, WEEKDAYS } from '@/lib/format';
import { currentLanguage, type Language } from '@/lib/i18n';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import '@/features/activities/i18n';

/** The editor's values: the session, and its repetition as plain fields. */
export interface SeriesValues {
  date: string;
  start_time: string;
  end_time: string;
  spots: number;
  subscribe_from: string;
  subscribe_until: string;
  repeats: boolean;
  type: string;
  every: number;
  days: string[];
  until: string;
}

export function emptySeries(date: string): SeriesValues {
  return { date, start_time: '19:00', end_time: '20:00', spots: 10, subscribe_from: '', subscribe_until: '', repeats: false, type: 'weeks', every: 1, days: [], until: '' };
}

/** The values of an existing session, with its series' rule. */
export function seriesValues(session: SessionDetail): SeriesValues {
  const minutes = (bound: { minutes_before?: number | null; at?: string | null }) =>
    bound.minutes_before != null ? String(bound.minutes_before) : (bound.at ?? '');
  return {
    date: session.date,
    start_time: session.start_time,
    end_time: session.end_time,
    spots: session.spots,
    subscribe_from: minutes(session.subscribe_rules.from),
    subscribe_until: minutes(session.subscribe_rules.until),
    repeats: session.repetition != null,
    type: session.repetition?.type ?? 'weeks',
    every: session.repetition?.every ?? 1,
    days: session.repetition?.days ?? [],
    until: session.repetition?.until ?? '',
  };
}

/** A bound typed as minutes (a number) or an instant; empty is none. */
function bound(value: string): number | string | null {
  const text = value.trim();
  if (text === '') return null;
  return /^\d+$/.test(text) ? Number(text) : text;
}

export function sessionInput(values: SeriesValues): SessionInput {
  return {
    date: values.date,
    start_time: values.start_time,
    end_time: values.end_time,
    spots: Number(values.spots),
    subscribe_from: bound(values.subscribe_from),
    subscribe_until: bound(values.subscribe_until),
    repetition: values.repeats ? { type: values.type, every: Number(values.every), days: values.days, until: values.until } : null,
  };
}

/** The dates the rule makes, asked of the server (its time zone, its rules) as the user types. */
function DatesPreview({ activityId }: { activityId: string }) {
  const { t } = useTranslation();
  const { values } = useFormikContext<SeriesValues>();
  const debounced = useDebouncedValue(values);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    let current = true;
    previewSessions(activityId, sessionInput(debounced))
      .then((answer) => current && (setPreview(answer), setProblem('')))
      .catch((error: unknown) => {
        if (!current) return;
        setPreview(null);
        setProblem(error instanceof ApiError ? Object.values(error.fields).join(' ') || error.message : '');
      });
    return () => {
      current = false;
    };
  }, [activityId, debounced]);
  return (
    <section className="panel" aria-label={t('activities.sessions.preview')} data-testid="series-preview">
      <h3>{t('activities.sessions.preview')}</h3>
      {problem && <p className="field__error">{problem}</p>}
      {preview && (
        <>
          <p>{t('activities.sessions.previewCount', { count: preview.count, zone: formatTimeZone(preview.time_zone, currentLanguage()) })}</p>
          <ol className="preview-dates">
            {preview.dates.slice(0, 60).map((date) => (
              <li key={date.date}>
                {formatSessionWhen(date.date, values.start_time, values.end_time, currentLanguage())}
              </li>
            ))}
            {preview.count > 60 && <li>…</li>}
          </ol>
        </>
      )}
    </section>
  );
}

/**
 * The repetition rule as one sentence (web-060): "Elke [1] [week] op [ma] [wo] tot
 * [datum]". The days are toggle buttons (aria-pressed), the interval and the end date
 * plain inputs named by their role in the sentence; a summary in the user's date language
 * says the whole rule once more, so it reads right when the inputs are read one by one.
 */
export function RepetitionSentence() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const summaryId = useId();
  // Ids for the error summary's links (it links a field by its id).
  const fieldId = useId();
  const { values, setFieldValue, errors: formErrors, submitCount } = useFormikContext<SeriesValues>();
  const every = Number(values.every) || 1;
  // Shown from the first submit on, as the form's own fields show theirs (server errors included).
  const errors = (['every', 'type', 'days', 'until'] as const).flatMap((name) => {
    const error = submitCount > 0 ? (formErrors as Record<string, string | undefined>)[name] : undefined;
    return error ? [{ name, error }] : [];
  });
  const toggle = (day: string) =>
    void setFieldValue('days', values.days.includes(day) ? values.days.filter((d) => d !== day) : WEEKDAYS.filter((d) => d === day || values.days.includes(d)));
  const chosenDays = WEEKDAYS.filter((day) => values.days.includes(day)).map((day) => t(`activities.sessions.days.${day}`));
  const unit = t(`activities.sessions.units.${values.type}`, { count: every });
  return (
    <fieldset className="series-sentence" aria-describedby={summaryId}>
      <legend>
        {t('activities.sessions.fields.rule')}
        <RequiredMark />
      </legend>
      <div className="series-sentence__line">
        <span>{t('activities.sessions.sentence.every')}</span>
        <input
          type="number"
          name="every"
          id={`${fieldId}-every`}
          min={1}
          required
          className="input series-sentence__every"
          aria-label={t('activities.sessions.fields.every')}
          aria-invalid={errors.some((e) => e.name === 'every') || undefined}
          value={values.every}
          onChange={(event) => void setFieldValue('every', event.target.value === '' ? '' : Number(event.target.value))}
        />
        <select
          name="type"
          id={`${fieldId}-type`}
          className="input input--inline"
          aria-label={t('activities.sessions.fields.type')}
          value={values.type}
          onChange={(event) => void setFieldValue('type', event.target.value)}
        >
          {REPETITION_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`activities.sessions.units.${type}`, { count: every })}
            </option>
          ))}
        </select>
        {values.type === 'weeks' && (
          <>
            <span>{t('activities.sessions.sentence.on')}</span>
            <span className="series-sentence__days" role="group" aria-label={t('activities.sessions.fields.days')}>
              {WEEKDAYS.map((day, index) => (
                <button
                  key={day}
                  type="button"
                  // The summary finds the days by name and a refused submit focuses the first chip.
                  name="days"
                  id={`${fieldId}-${day}`}
                  aria-invalid={(index === 0 && errors.some((e) => e.name === 'days')) || undefined}
                  className="day-chip"
                  aria-pressed={values.days.includes(day)}
                  onClick={() => toggle(day)}
                >
                  {t(`activities.sessions.days.${day}`)}
                </button>
              ))}
            </span>
          </>
        )}
        <span>{t('activities.sessions.sentence.until')}</span>
        <input
          type="date"
          name="until"
          id={`${fieldId}-until`}
          required
          className="input input--inline"
          aria-label={t('activities.sessions.fields.until')}
          aria-invalid={errors.some((e) => e.name === 'until') || undefined}
          value={values.until}
          onChange={(event) => void setFieldValue('until', event.target.value)}
        />
      </div>
      <p className="series-sentence__summary" id={summaryId} data-testid="series-sentence">
        {t('activities.sessions.sentence.summary', {
          every: every === 1 ? unit : `${every} ${unit}`,
          days: values.type === 'weeks' && chosenDays.length > 0 ? t('activities.sessions.sentence.onDays', { days: listOf(chosenDays, language) }) : '',
          until: /^\d{4}-\d{2}-\d{2}$/.test(values.until) ? formatShortDate(values.until, language) : '…',
        })}
      </p>
      {errors.map(({ name, error }) => (
        <p key={name} className="field__error">
          {error}
        </p>
      ))}
    </fieldset>
  );
}

/** "ma, wo en vr" / "Mon, Wed and Fri". */
function listOf(items: string[], language: Language): string {
  return new Intl.ListFormat(language === 'nl' ? 'nl-NL' : 'en-GB', { style: 'long', type: 'conjunction' }).format(items);
}

/** The repetition under the session's own fields; shown when "Repeat" is on. */
function RepetitionFields({ activityId }: { activityId: string }) {
  const { t } = useTranslation();
  const { values } = useFormikContext<SeriesValues>();
  const readOnly = useFormReadOnly();
  return (
    <>
      <SwitchField name="repeats" label={t('activities.sessions.fields.repeat')} />
      {values.repeats && <RepetitionSentence />}
      {/* The preview is a write route's (edit-activity): a reader neither may nor needs to ask it. */}
      {values.repeats && !readOnly && (
        <div className="field--wide">
          <DatesPreview activityId={activityId} />
        </div>
      )}
    </>
  );
}

/** The server names the rule's fields repetition.every …; the editor's fields are every …. */
function onRepetitionFields(error: unknown): never {
  if (error instanceof ApiError) {
    const fields = Object.fromEntries(Object.entries(error.fields).map(([name, message]) => [name.replace(/^repetition\./, ''), message]));
    throw new ApiError(error.status, error.message, fields, error.serverMessage, error.details);
  }
  throw error;
}

/**
 * The form's own checks: what the server requires of a session and its rule
 * (domain/series CleanSession, CleanRepetition), so a refused submit names them at once.
 * The server stays the judge of the rest (the calendar window, a rule that makes no date).
 */
export function seriesErrors(values: SeriesValues, t: TFunction, repetition: boolean): FormikErrors<SeriesValues> {
  const errors: FormikErrors<SeriesValues> = {};
  const required = (key: keyof SeriesValues) => t('errors.required', { field: t(`activities.sessions.fields.${key}`).toLowerCase() });
  if (!values.date) errors.date = required('date');
  const spots = Number(values.spots);
  if (String(values.spots).trim() === '' || !Number.isInteger(spots) || spots < 1) errors.spots = t('activities.sessions.errors.spots');
  if (repetition && values.repeats) {
    const every = Number(values.every);
    if (String(values.every).trim() === '' || !Number.isInteger(every) || every < 1) errors.every = t('activities.sessions.errors.every');
    if (values.type === 'weeks' && values.days.length === 0) errors.days = t('activities.sessions.errors.days');
    if (!values.until) errors.until = t('activities.sessions.errors.until');
  }
  return errors;
}

/** "48 hours before the start", "no limit", or the instant: a subscribe bound as the user typed it, in words. */
function BoundInWords({ value }: { value: string }) {
  const { t } = useTranslation();
  const text = value.trim();
  if (text === '') return <>{t('activities.sessions.facts.always')}</>;
  if (/^\d+$/.test(text)) {
    const minutes = Number(text);
    return (
      <>
        {minutes % 60 === 0 && minutes > 0
          ? t('activities.sessions.facts.hoursBefore', { count: minutes / 60 })
          : t('activities.sessions.facts.minutesBefore', { count: minutes })}
      </>
    );
  }
  return Number.isNaN(Date.parse(text)) ? null : <>{formatDateTime(text, currentLanguage())}</>;
}

/** The session's spots and subscribe window; each bound is said in words under its field. */
function BookingFields() {
  const { t } = useTranslation();
  const { values } = useFormikContext<SeriesValues>();
  return (
    <>
      <TextField name="spots" type="number" min={1} required label={t('activities.sessions.fields.spots')} />
      <TextField
        name="subscribe_from"
        label={t('activities.sessions.fields.subscribe_from')}
        hint={<BoundInWords value={values.subscribe_from} />}
        wide
      />
      <TextField
        name="subscribe_until"
        label={t('activities.sessions.fields.subscribe_until')}
        hint={<BoundInWords value={values.subscribe_until} />}
        wide
      />
    </>
  );
}

/**
 * The series editor on the forms' pattern (web-110): sections with a side description
 * (when, spots and booking, the series), required marks where the server requires a value,
 * the error summary that names and links the fields, the unsaved-changes guard and the
 * action bar. Read-only (`readOnly`) for whoever may not change sessions (edit-activity):
 * every field disabled, no preview asked, no button. Server field errors
 * (repetition.every …) land on the fields.
 */
export function SeriesEditor({
  activityId,
  initial,
  repetition,
  onSubmit,
  submitLabel,
  extra,
  readOnly = false,
}: {
  activityId: string;
  initial: SeriesValues;
  /** Whether the rule may be edited (not for "only this one"). */
  repetition: boolean;
  onSubmit: (values: SeriesValues) => Promise<unknown>;
  submitLabel: string;
  /** Buttons of the screen's own next to Save (delete), in the action bar. */
  extra?: React.ReactNode;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const section = (name: string) => t(`activities.sessions.sections.${name}`);
  return (
    <Form<SeriesValues>
      className="form form--sections"
      guardUnsaved
      readOnly={readOnly}
      initialValues={initial}
      enableReinitialize
      validate={(values) => seriesErrors(values, t, repetition)}
      onSubmit={(values) => onSubmit(values).catch(onRepetitionFields)}
    >
      <FormSection title={section('when')} description={section('whenHint')}>
        <TextField name="date" type="date" required label={t('activities.sessions.fields.date')} />
        <TimeField name="start_time" required label={t('activities.sessions.fields.start_time')} />
        <TimeField name="end_time" required label={t('activities.sessions.fields.end_time')} />
      </FormSection>
      <FormSection title={section('booking')} description={section('bookingHint')}>
        <BookingFields />
      </FormSection>
      {repetition && (
        <FormSection title={section('series')} description={section(readOnly ? 'seriesReadHint' : 'seriesHint')}>
          <RepetitionFields activityId={activityId} />
        </FormSection>
      )}
      <FormErrorSummary />
      <FormActions>
        <SubmitButton>{submitLabel}</SubmitButton>
        {extra}
      </FormActions>
    </Form>
  );
}

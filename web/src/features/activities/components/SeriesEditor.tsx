import { useFormikContext } from 'formik';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, FormErrorSummary, SubmitButton, SwitchField, TextField, TimeField } from '@/components/form';
import { previewSessions } from '@/features/activities/api/activities';
import { REPETITION_TYPES, type Preview, type SessionDetail, type SessionInput } from '@/features/activities/api/types';
import { ApiError } from '@/lib/api-client';
import { formatTimeZone, WEEKDAYS } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
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

function DaysField() {
  const { t } = useTranslation();
  const { values, setFieldValue, errors, submitCount } = useFormikContext<SeriesValues>();
  const error = submitCount > 0 ? (errors as Record<string, string>).days : undefined;
  return (
    <fieldset className="field">
      <legend>{t('activities.sessions.fields.days')}</legend>
      {WEEKDAYS.map((day) => (
        <label key={day} className="checkbox">
          <input
            type="checkbox"
            name={`day-${day}`}
            checked={values.days.includes(day)}
            onChange={(event) =>
              void setFieldValue('days', event.target.checked ? [...values.days, day] : values.days.filter((d) => d !== day))
            }
          />
          {t(`activities.sessions.days.${day}`)}
        </label>
      ))}
      {error && <p className="field__error">{error}</p>}
    </fieldset>
  );
}

/** The dates the rule makes, asked of the server (its time zone, its rules) as the user types. */
function DatesPreview({ activityId }: { activityId: string }) {
  const { t, i18n } = useTranslation();
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
  const format = new Intl.DateTimeFormat(i18n.language === 'nl' ? 'nl-NL' : 'en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
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
                {format.format(new Date(`${date.date}T12:00:00`))} {values.start_time}–{values.end_time}
              </li>
            ))}
            {preview.count > 60 && <li>…</li>}
          </ol>
        </>
      )}
    </section>
  );
}

/** The repetition fields under the session's own; shown when "Repeat" is on. */
function RepetitionFields() {
  const { t } = useTranslation();
  const { values } = useFormikContext<SeriesValues>();
  return (
    <>
      <SwitchField name="repeats" label={t('activities.sessions.fields.repeat')} />
      {values.repeats && (
        <div className="form__section">
          <TextField name="every" type="number" min={1} label={t('activities.sessions.fields.every')} />
          <div className="field">
            <label htmlFor="repetition-type">{t('activities.sessions.fields.type')}</label>
            <RepetitionType />
          </div>
          {values.type === 'weeks' && <DaysField />}
          <TextField name="until" type="date" label={t('activities.sessions.fields.until')} />
        </div>
      )}
    </>
  );
}

function RepetitionType() {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<SeriesValues>();
  return (
    <select id="repetition-type" className="input" value={values.type} onChange={(event) => void setFieldValue('type', event.target.value)}>
      {REPETITION_TYPES.map((type) => (
        <option key={type} value={type}>
          {t(`activities.sessions.repetitionTypes.${type}`)}
        </option>
      ))}
    </select>
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
 * The series editor: date, times, spots, subscribe window and the repetition rule, with
 * the dates it makes. Server field errors (repetition.every …) land on the fields.
 */
export function SeriesEditor({
  activityId,
  initial,
  repetition,
  onSubmit,
  submitLabel,
  extra,
}: {
  activityId: string;
  initial: SeriesValues;
  /** Whether the rule may be edited (not for "only this one"). */
  repetition: boolean;
  onSubmit: (values: SeriesValues) => Promise<unknown>;
  submitLabel: string;
  extra?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form<SeriesValues> initialValues={initial} enableReinitialize onSubmit={(values) => onSubmit(values).catch(onRepetitionFields)}>
      <TextField name="date" type="date" label={t('activities.sessions.fields.date')} />
      <TimeField name="start_time" label={t('activities.sessions.fields.start_time')} />
      <TimeField name="end_time" label={t('activities.sessions.fields.end_time')} />
      <TextField name="spots" type="number" min={1} label={t('activities.sessions.fields.spots')} />
      <TextField name="subscribe_from" label={t('activities.sessions.fields.subscribe_from')} />
      <TextField name="subscribe_until" label={t('activities.sessions.fields.subscribe_until')} />
      {repetition && <RepetitionFields />}
      {repetition && <DatesPreview activityId={activityId} />}
      {extra}
      <FormErrorSummary />
      <div className="form__actions">
        <SubmitButton>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}

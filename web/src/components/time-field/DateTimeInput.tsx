import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeTime } from '@/components/time-field/time';
import { TimeInput } from '@/components/time-field/TimeField';

/** A local moment as "YYYY-MM-DDTHH:MM" (what `datetime-local` gave), or what was typed so far. */
export function joinDateTime(date: string, time: string): string {
  if (date === '' && time.trim() === '') return '';
  return `${date}T${normalizeTime(time) ?? time.trim()}`;
}

/** Whether value is a whole local moment "YYYY-MM-DDTHH:MM". */
export function isDateTime(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value);
}

/**
 * A local date and time as two inputs — the browser's date field and our 24-hour
 * `TimeInput` (web-042) — instead of `datetime-local`, whose time shows AM/PM in an
 * English browser. The date input is named by `label` (the caller's `<label htmlFor={id}>`),
 * the time input by "<label>: time". onChange gets "YYYY-MM-DDTHH:MM" once both are
 * whole, else what was typed so far (for the form's check to name), '' when both are empty.
 */
export function DateTimeInput({
  id,
  name,
  label,
  value,
  onChange,
  onBlur,
  required,
  invalid,
  describedBy,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const timeId = useId();
  const [datePart, timePart = ''] = value.split('T');
  // What is typed in the time field, kept as typed until it is a time ("9" on the way to "9:30").
  const [typed, setTyped] = useState(timePart);
  const time = normalizeTime(typed) === timePart ? typed : timePart;
  return (
    <span className="date-time">
      <input
        id={id}
        name={`${name}-date`}
        type="date"
        className="input input--inline"
        value={datePart ?? ''}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(joinDateTime(event.target.value, time))}
        onBlur={onBlur}
      />
      <label htmlFor={timeId} className="visually-hidden">
        {t('timeField.timeOf', { label })}
      </label>
      <TimeInput
        id={timeId}
        name={`${name}-time`}
        value={time}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(next) => {
          setTyped(next);
          onChange(joinDateTime(datePart ?? '', next));
        }}
        onBlur={onBlur}
      />
    </span>
  );
}

/** A DateTimeInput in a plain (uncontrolled) form: its value goes out as the hidden field `name` once whole. */
export function DateTimeFormInput({ id, name, label, defaultValue }: { id: string; name: string; label: string; defaultValue: string }) {
  const [value, setValue] = useState(defaultValue);
  return (
    <>
      <DateTimeInput id={id} name={name} label={label} value={value} onChange={setValue} />
      <input type="hidden" name={name} value={isDateTime(value) ? value : ''} />
    </>
  );
}

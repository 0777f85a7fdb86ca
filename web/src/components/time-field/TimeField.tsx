import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeTime } from '@/components/time-field/time';

export type TimeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
};

/**
 * A time of day on the 24-hour clock, whatever the browser's locale: the native
 * `<input type="time">` shows AM/PM in an English browser. A text field that takes
 * "19:30", "19.30", "1930" or "930" and shows "19:30" once the user leaves it; what cannot
 * be a time is left as typed for the form's validation to name.
 */
export function TimeInput({ value, onChange, onBlur, onKeyDown, ...input }: TimeInputProps) {
  const { t } = useTranslation();
  return (
    <input
      {...input}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      placeholder={t('timeField.placeholder')}
      className="input input--time"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        // Enter submits the form without leaving the field: tidy the time first.
        const time = event.key === 'Enter' ? normalizeTime(event.currentTarget.value) : null;
        if (time !== null && time !== event.currentTarget.value) onChange(time);
        onKeyDown?.(event);
      }}
      onBlur={(event) => {
        const time = normalizeTime(event.target.value);
        if (time !== null && time !== event.target.value) onChange(time);
        onBlur?.(event);
      }}
    />
  );
}

import { useField, useFormikContext } from 'formik';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorField } from '@/components/color-field/ColorField';
import { normalizeTime } from '@/components/time-field/time';
import { DateTimeInput, isDateTime } from '@/components/time-field/DateTimeInput';
import { TimeInput } from '@/components/time-field/TimeField';
import { Switch } from '@/components/ui/Switch';
import { UploadField, type UploadFieldProps } from '@/components/upload-field/UploadField';
import { UrlField } from '@/components/url-field/UrlField';

/**
 * A field's error, from the first submit on. Not on blur: an error appearing on blur
 * moves the submit button under the pointer between mousedown and click, eating the click.
 */
function useFieldError(name: string): string | undefined {
  const [, meta] = useField(name);
  const { submitCount } = useFormikContext();
  return submitCount > 0 ? meta.error : undefined;
}

/** The visible "required" asterisk; the input itself carries `required` for assistive technology. */
export function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      *
    </span>
  );
}

/** A field's label with its required mark, and the rule under it (shown before the user types or uploads). */
export function FieldLabel({ htmlFor, label, required, hint, hintId }: {
  htmlFor: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  hintId: string;
}) {
  return (
    <>
      <label htmlFor={htmlFor}>
        {label}
        {required && <RequiredMark />}
      </label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
    </>
  );
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> & {
  name: string;
  label: string;
  hint?: ReactNode;
  /** Spans both columns of a form section. */
  wide?: boolean;
};

export function TextField({ name, label, type = 'text', hint, wide, ...input }: TextFieldProps) {
  const id = useId();
  const [field] = useField(name);
  const error = useFieldError(name);
  return (
    <div className={`field${wide ? ' field--wide' : ''}`}>
      <FieldLabel htmlFor={id} label={label} required={input.required} hint={hint} hintId={`${id}-hint`} />
      <input
        {...field}
        {...input}
        id={id}
        type={type}
        className="input"
        value={field.value ?? ''}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A time of day ("HH:MM", 24-hour clock) in a form: every form with a time uses this one
 * field, never the browser's `type="time"` (AM/PM in English browsers). Its own check says
 * when what was typed is not a time; an empty optional field is fine.
 */
export function TimeField({ name, label, hint, required, disabled, showRule = true }: {
  name: string;
  label: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** The "24-hour clock, for example 19:30" line; a form with many times (opening hours) says it once itself. */
  showRule?: boolean;
}) {
  const id = useId();
  const { t } = useTranslation();
  const [field, , helpers] = useField<string>({
    name,
    validate: (value: string) => {
      if (!value) return required ? t('timeField.required') : undefined;
      return normalizeTime(value) === null ? t('timeField.invalid') : undefined;
    },
  });
  const error = useFieldError(name);
  const rule = showRule ? t('timeField.hint') : undefined;
  return (
    <div className="field field--time">
      <FieldLabel htmlFor={id} label={label} required={required} hint={hint ?? rule} hintId={`${id}-hint`} />
      <TimeInput
        id={id}
        name={name}
        required={required}
        disabled={disabled}
        value={field.value ?? ''}
        onChange={(value) => void helpers.setValue(value)}
        onBlur={field.onBlur}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={describedBy(id, hint ?? rule, error)}
      />
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A local date and time ("YYYY-MM-DDTHH:MM", the value `datetime-local` gave) in a form:
 * the browser's date field and our 24-hour time field side by side (web-062), never
 * `datetime-local` (AM/PM in English browsers). Its own check says when it is not whole.
 */
export function DateTimeField({ name, label, hint, required }: { name: string; label: string; hint?: ReactNode; required?: boolean }) {
  const id = useId();
  const { t } = useTranslation();
  const [field, , helpers] = useField<string>({
    name,
    validate: (value: string) => {
      if (!value) return required ? t('timeField.dateTimeRequired') : undefined;
      return isDateTime(value) ? undefined : t('timeField.dateTimeInvalid');
    },
  });
  const error = useFieldError(name);
  const rule = hint ?? t('timeField.hint');
  return (
    <div className="field field--datetime">
      <FieldLabel htmlFor={id} label={label} required={required} hint={rule} hintId={`${id}-hint`} />
      <DateTimeInput
        id={id}
        name={name}
        label={label}
        value={field.value ?? ''}
        onChange={(value) => void helpers.setValue(value)}
        onBlur={() => void helpers.setTouched(true)}
        required={required}
        invalid={Boolean(error)}
        describedBy={describedBy(id, rule, error)}
      />
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A counter under a text: its length against an advised length and a hard maximum. */
export interface TextCounter {
  advised?: number;
  max: number;
  /** The counter's words, e.g. "42 of 100 advised characters (at most 240)". */
  describe: (length: number, state: 'ok' | 'over-advised' | 'over-max') => string;
}

export function TextAreaField({
  name,
  label,
  rows = 4,
  required,
  hint,
  counter,
}: {
  name: string;
  label: string;
  rows?: number;
  required?: boolean;
  hint?: ReactNode;
  /** Shows the length as it is typed (announced politely); the maximum is not enforced here, the schema says it. */
  counter?: TextCounter;
}) {
  const id = useId();
  const [field] = useField(name);
  const error = useFieldError(name);
  const length = [...String(field.value ?? '')].length;
  const state = !counter ? 'ok' : length > counter.max ? 'over-max' : counter.advised !== undefined && length > counter.advised ? 'over-advised' : 'ok';
  const counterId = `${id}-counter`;
  return (
    <div className="field field--wide">
      <FieldLabel htmlFor={id} label={label} required={required} hint={hint} hintId={`${id}-hint`} />
      <textarea
        {...field}
        id={id}
        rows={rows}
        required={required}
        className="input"
        value={field.value ?? ''}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={[describedBy(id, hint, error), counter ? counterId : ''].filter(Boolean).join(' ') || undefined}
      />
      {counter && (
        <p className={`field__counter field__counter--${state}`} id={counterId} aria-live="polite">
          {counter.describe(length, state)}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export function SwitchField({ name, label }: { name: string; label: string }) {
  const [field] = useField({ name, type: 'checkbox' });
  return <Switch {...field} label={label} checked={Boolean(field.value)} />;
}

type UploadFormFieldProps = Omit<UploadFieldProps, 'value' | 'onChange' | 'error'> & { name: string };

/** The upload widget bound to a form value holding the file token. */
export function UploadFormField({ name, ...props }: UploadFormFieldProps) {
  const [field, , helpers] = useField<string | null>(name);
  const error = useFieldError(name);
  return (
    <UploadField
      {...props}
      name={name}
      value={field.value}
      error={error}
      onChange={(token) => {
        void helpers.setValue(token);
        void helpers.setTouched(true, false);
      }}
    />
  );
}

/** The URL widget (protocol selector, empty → null) bound to a form value. */
export function UrlFormField({ name, label, required }: { name: string; label: string; required?: boolean }) {
  const [field, , helpers] = useField<string | null>(name);
  const error = useFieldError(name);
  return (
    <UrlField
      name={name}
      label={label}
      value={field.value}
      error={error}
      required={required}
      onChange={(value) => void helpers.setValue(value)}
    />
  );
}

/**
 * The colour widget bound to a form value. An empty value stays null (the widget shows
 * its default) until the user picks a colour.
 */
export function ColorFormField({ name, label }: { name: string; label: string }) {
  const [field, , helpers] = useField<string | null>(name);
  const error = useFieldError(name);
  return <ColorField name={name} label={label} value={field.value} error={error} onChange={(value) => void helpers.setValue(value)} />;
}

export interface SelectOption {
  value: string;
  label: string;
}

/** A native select; the empty option (when given) stands for `emptyValue` (null unless the API wants ''). */
export function SelectField({
  name,
  label,
  options,
  emptyLabel,
  emptyValue = null,
  required,
  hint,
}: {
  name: string;
  label: string;
  options: SelectOption[];
  emptyLabel?: string;
  emptyValue?: '' | null;
  required?: boolean;
  hint?: ReactNode;
}) {
  const id = useId();
  const [field, , helpers] = useField<string | null>(name);
  const error = useFieldError(name);
  return (
    <div className="field">
      <FieldLabel htmlFor={id} label={label} required={required} hint={hint} hintId={`${id}-hint`} />
      <select
        id={id}
        name={name}
        className="input"
        required={required}
        value={field.value ?? ''}
        onChange={(event) => void helpers.setValue(event.target.value === '' ? emptyValue : event.target.value)}
        onBlur={field.onBlur}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={describedBy(id, hint, error)}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * What stands in for a list of choices (checkboxes) the user may not read (web-090): the
 * list is not asked for, and the record's own choice is named by the names its answer
 * carries (web-111), "Yoga, Zwemmen". An id the answer does not name (gone since) is
 * counted, never shown raw.
 */
export function ChosenNamesField({ label, ids, names }: { label: string; ids: readonly string[] | null | undefined; names?: Record<string, string> | null }) {
  const { t } = useTranslation();
  const chosen = ids ?? [];
  const named = chosen.flatMap((id) => (names?.[id] ? [names[id]] : []));
  const unnamed = chosen.length - named.length;
  return (
    <div className="field">
      <p className="field__label">{label}</p>
      {named.length > 0 ? (
        <ul className="chosen-names">
          {named.map((name, index) => (
            <li key={`${index}-${name}`}>{name}</li>
          ))}
        </ul>
      ) : null}
      {(unnamed > 0 || chosen.length === 0) && (
        <p className="field__hint">{named.length > 0 ? t('form.chosenMore', { count: unnamed }) : t('form.chosenCount', { count: unnamed })}</p>
      )}
    </div>
  );
}

/**
 * Checkboxes bound to a list of values: the roles of a contact, the contacts of a location.
 * The fieldset carries the list's name and takes the focus, so the error summary names it
 * by its legend and its link (and a refused submit) lands on it.
 */
export function CheckboxListField({
  name,
  label,
  options,
  required,
  hint,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  required?: boolean;
  hint?: ReactNode;
}) {
  const id = useId();
  const [field, meta, helpers] = useField<string[]>(name);
  const { submitCount } = useFormikContext();
  const selected = new Set(field.value ?? []);
  const error = submitCount > 0 && typeof meta.error === 'string' ? meta.error : undefined;
  return (
    <fieldset
      id={id}
      name={name}
      tabIndex={-1}
      className="field"
      aria-invalid={Boolean(error) || undefined}
      aria-describedby={describedBy(id, hint, error)}
    >
      <legend>
        {label}
        {required && <RequiredMark />}
      </legend>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <div className="checkbox-list">
        {options.map((option) => (
          <label key={option.value} className="checkbox">
            <input
              type="checkbox"
              checked={selected.has(option.value)}
              onChange={(event) => {
                const next = new Set(selected);
                if (event.target.checked) next.add(option.value);
                else next.delete(option.value);
                void helpers.setValue([...next]);
              }}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const PROTOCOLS = ['https://', 'http://'] as const;
export type Protocol = (typeof PROTOCOLS)[number];

/** Splits a stored URL into the selector's protocol and the text box's remainder. */
export function splitUrl(value: string | null | undefined, fallback: Protocol = 'https://'): { protocol: Protocol; rest: string } {
  const text = value ?? '';
  const protocol = PROTOCOLS.find((candidate) => text.toLowerCase().startsWith(candidate));
  return protocol ? { protocol, rest: text.slice(protocol.length) } : { protocol: fallback, rest: text };
}

export function joinUrl(protocol: Protocol, rest: string): string | null {
  const trimmed = rest.trim();
  return trimmed ? `${protocol}${trimmed}` : null;
}

export interface UrlFieldProps {
  label: string;
  name?: string;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  error?: string;
  /** Marks the label as the form fields' required mark does (the same markup: forms import this widget). */
  required?: boolean;
}

/** A URL with the protocol in its own selector; typing a protocol moves it there; empty is null. */
export function UrlField({ label, name, value, onChange, error, required }: UrlFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [chosenProtocol, setChosenProtocol] = useState<Protocol>(() => splitUrl(value).protocol);
  const { protocol, rest } = splitUrl(value, chosenProtocol);

  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <div className="url-field">
        <select
          aria-label={t('urlField.protocol')}
          className="input url-field__protocol"
          value={protocol}
          onChange={(event) => {
            const next = event.target.value as Protocol;
            setChosenProtocol(next);
            onChange(joinUrl(next, rest));
          }}
        >
          {PROTOCOLS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <input
          id={id}
          name={name}
          className="input"
          type="text"
          inputMode="url"
          value={rest}
          required={required}
          aria-invalid={Boolean(error) || undefined}
          onChange={(event) => {
            const typed = splitUrl(event.target.value, protocol);
            setChosenProtocol(typed.protocol);
            onChange(joinUrl(typed.protocol, typed.rest));
          }}
        />
      </div>
      {protocol === 'http://' && <p className="field__warning">{t('urlField.httpWarning')}</p>}
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}

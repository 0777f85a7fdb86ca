import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Where the picker starts when no colour is set; never shown as if it were the value. */
const PICKER_START = '#000000';
const HEX = /^#([0-9a-f]{6}|[0-9a-f]{8})$/i;

export function isHexColor(value: string): boolean {
  return HEX.test(value);
}

/** Splits '#RRGGBBAA' into the colour input's '#rrggbb' and an alpha of 0–255. */
export function splitAlpha(value: string): { rgb: string; alpha: number } {
  const hex = isHexColor(value) ? value : PICKER_START;
  return {
    rgb: hex.slice(0, 7).toLowerCase(),
    alpha: hex.length === 9 ? Number.parseInt(hex.slice(7), 16) : 255,
  };
}

export function joinAlpha(rgb: string, alpha: number): string {
  const base = rgb.toUpperCase();
  return alpha >= 255 ? base : `${base}${Math.max(0, alpha).toString(16).padStart(2, '0').toUpperCase()}`;
}

export interface ColorFieldProps {
  label: string;
  name?: string;
  value: string | null | undefined;
  /** null: no colour (the application's default applies). */
  onChange: (value: string | null) => void;
  error?: string;
}

/**
 * A hex colour with alpha ('#RRGGBB' or '#RRGGBBAA'). Without a colour the text is empty
 * and says so, the swatch is chequered, and "Clear" brings a set colour back to none.
 */
export function ColorField({ label, name, value, onChange, error }: ColorFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const current = value && isHexColor(value) ? value : null;
  const [draft, setDraft] = useState<string | null>(null);
  const { rgb, alpha } = splitAlpha(current ?? PICKER_START);

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="color-field">
        <input
          type="color"
          aria-label={t('colorField.picker')}
          value={rgb}
          onChange={(event) => onChange(joinAlpha(event.target.value, alpha))}
        />
        <input
          id={id}
          name={name}
          className="input"
          value={draft ?? current ?? ''}
          placeholder={t('colorField.none')}
          maxLength={9}
          aria-invalid={Boolean(error) || undefined}
          onChange={(event) => {
            const next = event.target.value.startsWith('#') ? event.target.value : `#${event.target.value}`;
            setDraft(event.target.value === '' ? '' : next);
            if (event.target.value === '') onChange(null);
            else if (isHexColor(next)) onChange(next.toUpperCase());
          }}
          onBlur={() => setDraft(null)}
        />
        <input
          type="range"
          min={0}
          max={255}
          aria-label={t('colorField.alpha')}
          value={alpha}
          disabled={current === null}
          onChange={(event) => onChange(joinAlpha(rgb, Number(event.target.value)))}
        />
        <span
          className={`color-field__swatch${current ? '' : ' color-field__swatch--none'}`}
          style={current ? { background: current } : undefined}
          aria-hidden="true"
        />
        {current && (
          <button type="button" className="button button--ghost button--small" onClick={() => onChange(null)}>
            {t('colorField.clear')}
          </button>
        )}
      </div>
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}

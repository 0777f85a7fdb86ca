import { useTranslation } from 'react-i18next';
import { PERIOD_PRESETS, type Period, type PeriodPreset } from '@/lib/period';

export type PeriodPickerProps = Pick<Period, 'preset' | 'range' | 'choose' | 'setRange'> & {
  /** What is wrong with the chosen period, in the screen's words; shown as an alert below the picker. */
  error?: string | null;
};

/** A statistics period: a preset, or from–to dates for 'custom' (the state of `usePeriod`). */
export function PeriodPicker({ preset, range, choose, setRange, error }: PeriodPickerProps) {
  const { t } = useTranslation();
  return (
    <>
      <div className="overview__period" role="group" aria-label={t('periodPicker.label')}>
        <label className="field field--inline">
          <span className="field__label">{t('periodPicker.label')}</span>
          <select className="input" value={preset} onChange={(event) => choose(event.target.value as PeriodPreset)}>
            {PERIOD_PRESETS.map((option) => (
              <option key={option} value={option}>
                {t(`periodPicker.presets.${option}`)}
              </option>
            ))}
          </select>
        </label>
        {preset === 'custom' && (
          <>
            <label className="field field--inline">
              <span className="field__label">{t('periodPicker.from')}</span>
              <input
                className="input"
                type="date"
                value={range.from}
                max={range.to || undefined}
                onChange={(event) => setRange({ from: event.target.value, to: range.to })}
              />
            </label>
            <label className="field field--inline">
              <span className="field__label">{t('periodPicker.to')}</span>
              <input
                className="input"
                type="date"
                value={range.to}
                min={range.from || undefined}
                onChange={(event) => setRange({ from: range.from, to: event.target.value })}
              />
            </label>
          </>
        )}
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

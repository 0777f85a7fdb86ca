import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { TimeField } from '@/components/form';
import { Switch } from '@/components/ui/Switch';
import type { LocationValues } from '@/features/locations/components/LocationInputs';
import '@/features/locations/i18n';

/**
 * Seven rows, Monday first: open or closed, and when open its opening and closing time
 * (both required then, as the server requires them). It sits in its own form section,
 * whose heading says what the legend says: the legend stays for the group's name only.
 */
export function OpeningHoursField() {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<LocationValues>();
  return (
    <fieldset className="form__group field--wide">
      <legend className="visually-hidden">{t('locations.fields.opening_hours')}</legend>
      <p className="field__hint">{t('timeField.hint')}</p>
      {values.opening_hours.map((day, index) => (
        <div key={day.weekday} className="form__row" role="group" aria-label={t(`locations.weekdays.${day.weekday}`)}>
          <Switch
            label={t(`locations.weekdays.${day.weekday}`)}
            checked={day.is_open}
            onChange={(event) => void setFieldValue(`opening_hours.${index}.is_open`, event.target.checked)}
          />
          {day.is_open && (
            <>
              <TimeField
                name={`opening_hours.${index}.opened_at`}
                label={t('locations.fields.opened_at', { day: t(`locations.weekdays.${day.weekday}`) })}
                showRule={false}
                required
              />
              <TimeField
                name={`opening_hours.${index}.closed_at`}
                label={t('locations.fields.closed_at', { day: t(`locations.weekdays.${day.weekday}`) })}
                showRule={false}
                required
              />
            </>
          )}
        </div>
      ))}
    </fieldset>
  );
}

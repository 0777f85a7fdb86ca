import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useZipcodes } from '@/features/organizations/api/organizations';
import { MAX_ZIPCODE_FILTER, zipcodeFilter, zipcodeSuggestions } from '@/features/organizations/zipcodes';

/**
 * Narrows the organisations to a postcode or an area (decision 1651). The suggestions are
 * the application's organisations' postcodes and their areas; typing filters them as the
 * browser's list does. Without suggestions (loading, failed, none) it is a plain field.
 */
export function ZipcodeFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const listId = useId();
  const errorId = useId();
  const zipcodes = useZipcodes();
  const suggestions = useMemo(() => zipcodeSuggestions(zipcodes.data ?? []), [zipcodes.data]);
  const invalid = zipcodeFilter(value) === null;
  return (
    <span className="zipcode-filter">
      <input
        type="search"
        className="input input--inline"
        aria-label={t('organizations.zipcodeFilter.label')}
        placeholder={t('organizations.zipcodeFilter.placeholder')}
        list={listId}
        value={value}
        maxLength={MAX_ZIPCODE_FILTER + 4}
        autoComplete="off"
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={listId} data-testid="zipcode-suggestions">
        {suggestions.map((suggestion) => (
          <option
            key={`${suggestion.area ? 'area' : 'code'}-${suggestion.value}`}
            value={suggestion.value}
            label={suggestion.area ? t('organizations.zipcodeFilter.area', { count: suggestion.count }) : undefined}
          />
        ))}
      </datalist>
      {invalid && (
        <span id={errorId} role="alert" className="field__error">
          {t('organizations.zipcodeFilter.invalid')}
        </span>
      )}
    </span>
  );
}

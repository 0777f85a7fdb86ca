import { FieldArray, getIn, useField, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { RequiredMark, SelectField, SwitchField, TextField, useFormReadOnly, type SelectOption } from '@/components/form';
import { withChosen } from '@/lib/offer-choices';

/** The offer's shared shapes (domain/offer): activities and products edit them alike. */
export const QUESTION_TYPES = ['text', 'single_select', 'multi_select'] as const;
export const CONTACT_ROLES = ['mail', 'contact_person', 'trainer'] as const;

export interface OfferQuestion {
  id: string;
  title: string;
  type: string;
  required: boolean;
  options: string[];
  has_url: boolean;
  url?: string;
}

export interface OfferContact {
  contact_id: string;
  roles: string[];
}

/** A question as the form edits it: the options as lines. */
export type QuestionRow = Omit<OfferQuestion, 'options' | 'url'> & { options: string; url: string };

export interface QuestionValues {
  questions: QuestionRow[];
}

export function questionValues(questions: OfferQuestion[]): QuestionValues {
  return { questions: questions.map((q) => ({ ...q, url: q.url ?? '', options: q.options.join('\n') })) };
}

export function questionsFromValues(values: QuestionValues): OfferQuestion[] {
  return values.questions.map((q) => ({ ...q, options: q.options.split('\n').map((o) => o.trim()).filter(Boolean) }));
}

/**
 * The extra questions of an offer, in order: add, change, remove (inside a Form of
 * QuestionValues). Required marks are the server's (domain/offer): a title, two options
 * for a choice, an address when the question links one. A read-only form adds and removes none.
 */
export function QuestionsEditor() {
  const { t } = useTranslation();
  const readOnly = useFormReadOnly();
  const { values } = useFormikContext<QuestionValues>();
  return (
    <FieldArray name="questions">
      {({ push, remove }) => (
        <>
          {values.questions.map((question, index) => (
            <fieldset key={question.id || index} className="form__section">
              <legend>{t('offer.questions.question', { number: index + 1 })}</legend>
              <TextField name={`questions.${index}.title`} label={t('offer.questions.fields.title')} required />
              <SelectField
                name={`questions.${index}.type`}
                label={t('offer.questions.fields.type')}
                options={QUESTION_TYPES.map((type) => ({ value: type, label: t(`offer.questions.types.${type}`) }))}
              />
              <SwitchField name={`questions.${index}.required`} label={t('offer.questions.fields.required')} />
              {question.type !== 'text' && <OptionsField index={index} />}
              <SwitchField name={`questions.${index}.has_url`} label={t('offer.questions.fields.has_url')} />
              {question.has_url && <TextField name={`questions.${index}.url`} label={t('offer.questions.fields.url')} required />}
              {!readOnly && (
                <button type="button" className="button button--ghost" onClick={() => remove(index)}>
                  {t('offer.remove')}
                </button>
              )}
            </fieldset>
          ))}
          {!readOnly && (
            <button
              type="button"
              className="button"
              onClick={() => push({ id: '', title: '', type: 'text', required: false, options: '', has_url: false, url: '' })}
            >
              {t('offer.questions.add')}
            </button>
          )}
        </>
      )}
    </FieldArray>
  );
}

function OptionsField({ index }: { index: number }) {
  const { t } = useTranslation();
  const { values, setFieldValue, errors, submitCount } = useFormikContext<QuestionValues>();
  // A 422 lands nested (questions[index].options): the Form sets server errors by their dotted path.
  const error = submitCount > 0 ? (getIn(errors, `questions.${index}.options`) as string | undefined) : undefined;
  return (
    <div className="field">
      <label htmlFor={`options-${index}`}>
        {t('offer.questions.fields.options')}
        <RequiredMark />
      </label>
      <textarea
        id={`options-${index}`}
        name={`questions.${index}.options`}
        className="input"
        rows={3}
        required
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={error ? `options-${index}-error` : undefined}
        value={values.questions[index].options}
        onChange={(event) => void setFieldValue(`questions.${index}.options`, event.target.value)}
      />
      {error && (
        <p className="field__error" id={`options-${index}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A whole number or empty (null): ages, spots. */
export function NumberOrEmptyField({ name, label, min = 0, max }: { name: string; label: string; min?: number; max: number }) {
  const [field, , helpers] = useField<number | null>(name);
  return (
    <div className="field">
      <label htmlFor={`number-${name}`}>{label}</label>
      <input
        id={`number-${name}`}
        name={name}
        className="input"
        type="number"
        min={min}
        max={max}
        value={field.value ?? ''}
        onChange={(event) => void helpers.setValue(event.target.value === '' ? null : Number(event.target.value))}
      />
    </div>
  );
}

/**
 * The offer's contacts: one of the organisation's contacts each, with at least one role
 * (inside a Form with `contacts`). Without `choices` (the user may not read the contacts)
 * each row names its contact by the record's answer (`names`, web-111); a read-only form
 * adds and removes none.
 */
export function ContactsField({ choices, names }: { choices: SelectOption[] | undefined; names?: Record<string, string> }) {
  const { t } = useTranslation();
  const readOnly = useFormReadOnly();
  const { values, setFieldValue } = useFormikContext<{ contacts: OfferContact[] }>();
  return (
    <FieldArray name="contacts">
      {({ push, remove }) => (
        <>
          {values.contacts.map((contact, index) => (
            <div key={index} className="field-row">
              <SelectField
                name={`contacts.${index}.contact_id`}
                label={t('offer.contact')}
                options={choices ?? withChosen(undefined, contact.contact_id, names?.[contact.contact_id] ?? t('form.chosenUnreadable'))}
                emptyLabel={t('offer.chooseContact')}
                required
              />
              <fieldset className="field">
                <legend>
                  {t('offer.roles')}
                  <RequiredMark />
                </legend>
                {CONTACT_ROLES.map((role) => (
                  <label key={role} className="checkbox">
                    <input
                      type="checkbox"
                      checked={contact.roles.includes(role)}
                      onChange={(event) =>
                        void setFieldValue(
                          `contacts.${index}.roles`,
                          event.target.checked ? [...contact.roles, role] : contact.roles.filter((r) => r !== role),
                        )
                      }
                    />
                    {t(`offer.contactRoles.${role}`)}
                  </label>
                ))}
              </fieldset>
              {!readOnly && (
                <button type="button" className="button button--ghost" onClick={() => remove(index)}>
                  {t('offer.remove')}
                </button>
              )}
            </div>
          ))}
          {!readOnly && (
            <button type="button" className="button" onClick={() => push({ contact_id: '', roles: [] })}>
              {t('offer.addContact')}
            </button>
          )}
        </>
      )}
    </FieldArray>
  );
}

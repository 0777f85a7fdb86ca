import { useFormikContext } from 'formik';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { FormSection, TextAreaField, TextField, UploadFormField, UrlFormField, type TextCounter } from '@/components/form';
import { Icon } from '@/components/ui/Icon';
import { BLOCK_TYPES, LIMITS, type BlockType, type ThemedPage, type ThemedPageInput } from '@/features/themed-pages/api/themed-pages';

export interface BlockValues {
  /** A local key for the list (not sent). */
  key: string;
  type: BlockType;
  text: { nl: string; en: string };
  image_id: string | null;
  url: string | null;
}

export interface ThemedPageValues {
  title: { nl: string; en: string };
  image_id: string | null;
  blocks: BlockValues[];
}

let keys = 0;
const nextKey = () => `block-${++keys}`;

export function newBlock(type: BlockType): BlockValues {
  return { key: nextKey(), type, text: { nl: '', en: '' }, image_id: null, url: null };
}

export function themedPageValues(page?: ThemedPage): ThemedPageValues {
  return {
    title: { nl: page?.title.nl ?? '', en: page?.title.en ?? '' },
    image_id: page?.image_id ?? null,
    blocks: (page?.blocks ?? []).map((b) => ({
      key: nextKey(),
      type: b.type as BlockType,
      text: { nl: b.text.nl, en: b.text.en },
      image_id: b.image_id ?? null,
      url: b.url ?? null,
    })),
  };
}

/** The body the API takes: each block with the fields of its type only. */
export function themedPageInput(values: ThemedPageValues): ThemedPageInput {
  return {
    title: { nl: values.title.nl.trim(), en: values.title.en.trim() },
    image_id: values.image_id,
    blocks: values.blocks.map((b) => ({
      type: b.type,
      text: { nl: b.text.nl, en: b.text.en },
      image_id: b.type === 'image' ? b.image_id : null,
      url: b.type === 'button' ? b.url : null,
    })),
  };
}

/** The part names of a block's texts per type, and their maximum. */
const TEXT_OF: Record<BlockType, { part: 'heading' | 'text' | 'alt' | 'label'; max: number; required: boolean }> = {
  heading: { part: 'heading', max: LIMITS.heading, required: true },
  text: { part: 'text', max: LIMITS.text, required: true },
  image: { part: 'alt', max: LIMITS.alt, required: false },
  button: { part: 'label', max: LIMITS.label, required: true },
};

/** The server's rules (domain/themedpage), so most mistakes are shown before saving. */
export function themedPageSchema(t: TFunction) {
  // "Titel (Nederlands)" → "titel (Nederlands)": only the first letter, the language keeps its capital.
  const name = (field: string) => {
    const label = t(`themedPages.fields.${field}`);
    return label.charAt(0).toLowerCase() + label.slice(1);
  };
  const text = (field: string, max: number, required: boolean) => {
    const s = yup.string().max(max, t('errors.maxLength', { field: name(field), length: max }));
    return required ? s.trim().required(t('errors.required', { field: name(field) })) : s;
  };
  return yup.object({
    title: yup.object({ nl: text('title_nl', LIMITS.title, true), en: text('title_en', LIMITS.title, false) }),
    blocks: yup
      .array()
      .max(LIMITS.blocks, t('themedPages.tooManyBlocks', { max: LIMITS.blocks }))
      .of(
        yup.lazy((block: BlockValues) => {
          const { part, max, required } = TEXT_OF[block.type];
          return yup.object({
            text: yup.object({ nl: text(`${part}_nl`, max, required), en: text(`${part}_en`, max, false) }),
            image_id:
              block.type === 'image' ? yup.string().nullable().required(t('errors.required', { field: name('image_block') })) : yup.mixed().nullable(),
            url:
              block.type === 'button'
                ? yup
                    .string()
                    .nullable()
                    .required(t('errors.required', { field: name('url') }))
                    .matches(/^https?:\/\/[^\s/]+/, t('errors.url', { field: name('url') }))
                : yup.mixed().nullable(),
          });
        }),
      ),
  });
}

function counter(t: TFunction, max: number): TextCounter {
  return { max, describe: (length) => t('themedPages.counter', { length, max }) };
}

/** One block's fields, by its type. */
function BlockFields({ block, index }: { block: BlockValues; index: number }) {
  const { t } = useTranslation();
  const at = (field: string) => `blocks.${index}.${field}`;
  const { part, max, required } = TEXT_OF[block.type];
  if (block.type === 'text') {
    return (
      <>
        <TextAreaField name={at('text.nl')} label={t('themedPages.fields.text_nl')} required rows={5} hint={t('themedPages.textHint')} counter={counter(t, max)} />
        <TextAreaField name={at('text.en')} label={t('themedPages.fields.text_en')} rows={5} counter={counter(t, max)} />
      </>
    );
  }
  return (
    <>
      {block.type === 'image' && (
        <UploadFormField
          name={at('image_id')}
          label={t('themedPages.fields.image_block')}
          uploadOptions={{ visibility: 'public', path: 'themed-pages' }}
        />
      )}
      <TextField
        name={at('text.nl')}
        label={t(`themedPages.fields.${part}_nl`)}
        required={required}
        maxLength={max}
        hint={block.type === 'image' ? t('themedPages.altHint') : undefined}
      />
      <TextField name={at('text.en')} label={t(`themedPages.fields.${part}_en`)} maxLength={max} />
      {block.type === 'button' && <UrlFormField name={at('url')} label={t('themedPages.fields.url')} />}
    </>
  );
}

/** The blocks of the page: each in its own group with move and remove; add one of each type below. */
export function BlocksEditor() {
  const { t } = useTranslation();
  const { values, setFieldValue, errors, submitCount } = useFormikContext<ThemedPageValues>();
  const blocks = values.blocks;
  const set = (next: BlockValues[]) => void setFieldValue('blocks', next);
  const move = (from: number, to: number) => {
    const next = [...blocks];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    set(next);
  };
  const listError = submitCount > 0 && typeof errors.blocks === 'string' ? errors.blocks : undefined;
  return (
    <FormSection title={t('themedPages.sections.blocks')} description={t('themedPages.sections.blocksHint', { max: LIMITS.blocks })}>
      {blocks.length === 0 && <p className="field field--wide themed-blocks__empty">{t('themedPages.noBlocks')}</p>}
      <ol className="themed-blocks field--wide">
        {blocks.map((block, index) => {
          const number = index + 1;
          return (
            <li key={block.key}>
              <fieldset className="themed-block" data-testid={`block-${number}`}>
                <legend>{t('themedPages.block', { number, type: t(`themedPages.types.${block.type}`) })}</legend>
                <div className="themed-block__tools">
                  <button type="button" className="button button--ghost button--small" disabled={index === 0} onClick={() => move(index, index - 1)}
                    aria-label={t('themedPages.blockUp', { number })}>
                    ↑
                  </button>
                  <button type="button" className="button button--ghost button--small" disabled={index === blocks.length - 1}
                    onClick={() => move(index, index + 1)} aria-label={t('themedPages.blockDown', { number })}>
                    ↓
                  </button>
                  <button type="button" className="button button--ghost button--small" onClick={() => set(blocks.filter((_, i) => i !== index))}
                    aria-label={t('themedPages.removeBlock', { number })}>
                    <Icon name="delete" />
                  </button>
                </div>
                <div className="form-section__fields">
                  <BlockFields block={block} index={index} />
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {listError && (
        <p className="field__error field--wide" role="alert">
          {listError}
        </p>
      )}
      <div className="themed-blocks__add field--wide">
        {BLOCK_TYPES.map((type) => (
          <button key={type} type="button" className="button button--ghost" disabled={blocks.length >= LIMITS.blocks}
            onClick={() => set([...blocks, newBlock(type)])}>
            <Icon name="plus" /> {t(`themedPages.add.${type}`)}
          </button>
        ))}
      </div>
    </FormSection>
  );
}

/** The page's own fields: title in both languages and the image at the top. */
export function PageFields() {
  const { t } = useTranslation();
  return (
    <FormSection title={t('themedPages.sections.page')} description={t('themedPages.sections.pageHint')}>
      <TextField name="title.nl" label={t('themedPages.fields.title_nl')} required maxLength={LIMITS.title} autoFocus />
      <TextField name="title.en" label={t('themedPages.fields.title_en')} maxLength={LIMITS.title} />
      <UploadFormField name="image_id" label={t('themedPages.fields.image')} uploadOptions={{ visibility: 'public', path: 'themed-pages' }} />
    </FormSection>
  );
}

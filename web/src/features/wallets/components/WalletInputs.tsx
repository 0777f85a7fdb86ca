import { useField, useFormikContext } from 'formik';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { CheckboxListField, SelectField, TextField, UploadFormField } from '@/components/form';
import { Skeleton } from '@/components/ui/Skeleton';
import { Switch } from '@/components/ui/Switch';
import { PRICE_DISPLAY_MODES, type Wallet, type WalletInput } from '@/features/wallets/api/types';
import { slugify } from '@/features/wallets/wallet-format';
import { useLabelChoices } from '@/lib/taxonomy';
import '@/features/wallets/i18n';
import { imageRules } from '@/lib/image-rules';

/** The server's limits (domain/wallet): the client rules mirror them. */
export function walletSchema(t: TFunction) {
  const label = (field: string) => t(`wallets.fields.${field}`).toLowerCase();
  return yup.object({
    name: yup
      .string()
      .trim()
      .required(t('errors.required', { field: label('name') }))
      .max(100, t('errors.maxLength', { field: label('name'), length: 100 })),
    slug: yup
      .string()
      .trim()
      .required(t('errors.required', { field: label('slug') }))
      .max(64, t('errors.maxLength', { field: label('slug'), length: 64 }))
      .matches(/^[a-z0-9]+(-[a-z0-9]+)*$/, t('wallets.errors.slug')),
    icon_id: yup.string().nullable(),
    price_display_mode: yup
      .string()
      .oneOf(PRICE_DISPLAY_MODES)
      .required(t('errors.required', { field: label('price_display_mode') })),
    can_top_up: yup.boolean(),
    can_top_up_once: yup
      .boolean()
      .test('needs-top-up', t('wallets.errors.topUpOnce'), (value, context) => !value || context.parent.can_top_up),
  });
}

export const emptyWallet: WalletInput = {
  name: '',
  slug: '',
  icon_id: null,
  included_labels: [],
  excluded_labels: [],
  price_display_mode: 'both',
  can_top_up: true,
  can_top_up_once: false,
};

/** The form values of an existing wallet. */
export function walletValues(wallet: Wallet): WalletInput {
  return {
    name: wallet.name,
    slug: wallet.slug,
    icon_id: wallet.icon_id ?? null,
    included_labels: wallet.included_labels ?? [],
    excluded_labels: wallet.excluded_labels ?? [],
    price_display_mode: wallet.price_display_mode,
    can_top_up: wallet.can_top_up,
    can_top_up_once: wallet.can_top_up_once,
  };
}

/** Name and slug: the slug follows the name until the user edits it (or, editing, from the start). */
function NameAndSlug({ suggestSlug }: { suggestSlug: boolean }) {
  const { t } = useTranslation();
  const { setFieldValue } = useFormikContext<WalletInput>();
  const [following, setFollowing] = useState(suggestSlug);
  return (
    <>
      <TextField
        name="name"
        label={t('wallets.fields.name')}
        autoFocus
        onChange={(event) => {
          void setFieldValue('name', event.target.value);
          if (following) void setFieldValue('slug', slugify(event.target.value));
        }}
      />
      <TextField
        name="slug"
        label={t('wallets.fields.slug')}
        title={t('wallets.fields.slugHint')}
        onChange={(event) => {
          setFollowing(false);
          void setFieldValue('slug', event.target.value);
        }}
      />
      <p className="field__hint">{t('wallets.fields.slugHint')}</p>
    </>
  );
}

/** Top up once only makes sense for a wallet that can be topped up: off and disabled otherwise. */
function TopUpSwitches() {
  const { t } = useTranslation();
  const [canTopUp, , canTopUpHelpers] = useField<boolean>('can_top_up');
  const [once, onceMeta, onceHelpers] = useField<boolean>('can_top_up_once');
  const { submitCount } = useFormikContext();
  return (
    <>
      <Switch
        label={t('wallets.fields.can_top_up')}
        name="can_top_up"
        checked={Boolean(canTopUp.value)}
        onChange={(event) => {
          void canTopUpHelpers.setValue(event.target.checked);
          if (!event.target.checked) void onceHelpers.setValue(false);
        }}
      />
      <Switch
        label={t('wallets.fields.can_top_up_once')}
        name="can_top_up_once"
        checked={Boolean(once.value)}
        disabled={!canTopUp.value}
        title={canTopUp.value ? undefined : t('wallets.fields.topUpOnceHint')}
        onChange={(event) => void onceHelpers.setValue(event.target.checked)}
      />
      {submitCount > 0 && onceMeta.error && <p className="field__error">{onceMeta.error}</p>}
    </>
  );
}

/**
 * The labels the wallet's moves pay for, and those it excludes (web-013, now labels
 * exist): chosen by name from the application's labels. A label cannot be both; the
 * server says so on the field.
 */
function LabelPickers() {
  const { t } = useTranslation();
  const labels = useLabelChoices();
  if (labels.isPending) return <Skeleton lines={2} />;
  const options = labels.data ?? [];
  if (options.length === 0) {
    return (
      <div className="field">
        <span className="field__label">{t('wallets.fields.labels')}</span>
        <p className="field__hint">{t('wallets.fields.noLabels')}</p>
      </div>
    );
  }
  return (
    <>
      <CheckboxListField name="included_labels" label={t('wallets.fields.included_labels')} options={options} />
      <CheckboxListField name="excluded_labels" label={t('wallets.fields.excluded_labels')} options={options} />
    </>
  );
}

/** Every field of a wallet, shared by the create and edit screens. */
export function WalletInputs({ wallet }: { wallet?: Wallet }) {
  const { t } = useTranslation();
  return (
    <>
      <NameAndSlug suggestSlug={!wallet} />
      <UploadFormField
        name="icon_id"
        label={t('wallets.fields.icon')}
        previewUrl={wallet?.icon_url}
        rules={imageRules('wallet.icon_id')}
        uploadOptions={{ visibility: 'public', path: 'wallets' }}
      />
      <SelectField
        name="price_display_mode"
        label={t('wallets.fields.price_display_mode')}
        options={PRICE_DISPLAY_MODES.map((mode) => ({ value: mode, label: t(`wallets.displayModes.${mode}`) }))}
      />
      <TopUpSwitches />
      <LabelPickers />
    </>
  );
}

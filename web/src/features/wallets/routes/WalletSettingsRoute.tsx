import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, FormErrorSummary, SubmitButton } from '@/components/form';
import type { WalletInput } from '@/features/wallets/api/types';
import { useUpdateWallet } from '@/features/wallets/api/wallets';
import { useWalletPermissions } from '@/features/wallets/components/permissions';
import { WalletInputs, walletSchema, walletValues } from '@/features/wallets/components/WalletInputs';
import { useWalletContext } from '@/features/wallets/routes/WalletLayoutRoute';
import { ApiError } from '@/lib/api-client';
import { notifySaved } from '@/stores/notification';
import '@/features/wallets/i18n';

/**
 * The wallet's settings. The PUT carries the version the form was loaded with; a 409
 * (someone saved in between) keeps the user's input and offers the latest version.
 */
export function WalletSettingsRoute() {
  const { t } = useTranslation();
  const { wallet, reload } = useWalletContext();
  const { manage } = useWalletPermissions();
  const updateWallet = useUpdateWallet();
  const [conflict, setConflict] = useState(false);
  const initialValues = useMemo(() => walletValues(wallet), [wallet]);

  return (
    <Form<WalletInput>
      key={wallet.version}
      initialValues={initialValues}
      validationSchema={walletSchema(t)}
      onSubmit={async (values) => {
        setConflict(false);
        try {
          await updateWallet.mutateAsync({ id: wallet.id, input: { ...values, version: wallet.version } });
        } catch (error) {
          if (error instanceof ApiError && error.status === 409) setConflict(true);
          throw error;
        }
        notifySaved(t('common.saved'));
        await reload();
      }}
    >
      {!manage && <p className="notice notice--warning">{t('wallets.readOnly')}</p>}
      <fieldset className="form__fieldset" disabled={!manage}>
        <WalletInputs wallet={wallet} />
      </fieldset>
      {conflict && (
        <div className="notice notice--warning" role="alert" data-testid="wallet-conflict">
          <p>{t('wallets.conflict')}</p>
          <button
            type="button"
            className="button"
            onClick={() => {
              setConflict(false);
              void reload();
            }}
          >
            {t('wallets.loadLatest')}
          </button>
        </div>
      )}
      <FormErrorSummary />
      {manage && (
        <div className="form__actions">
          <SubmitButton>{t('common.save')}</SubmitButton>
        </div>
      )}
    </Form>
  );
}

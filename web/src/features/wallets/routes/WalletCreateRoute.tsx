import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Form, FormErrorSummary, SubmitButton } from '@/components/form';
import { PageHeader } from '@/components/page/PageHeader';
import type { WalletInput } from '@/features/wallets/api/types';
import { useCreateWallet } from '@/features/wallets/api/wallets';
import { emptyWallet, WalletInputs, walletSchema } from '@/features/wallets/components/WalletInputs';
import { walletsBase } from '@/features/wallets/wallet-format';
import { notifySaved } from '@/stores/notification';
import '@/features/wallets/i18n';

export function WalletCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const base = walletsBase(useLocation().pathname);
  const createWallet = useCreateWallet();

  return (
    <>
      <PageHeader title={t('wallets.createTitle')} />
      <Form<WalletInput>
        initialValues={emptyWallet}
        validationSchema={walletSchema(t)}
        onSubmit={async (values) => {
          const answer = await createWallet.mutateAsync(values);
          notifySaved(t('common.saved'));
          // The new wallet opens on its coupons, where the next step (a batch) is.
          await navigate(answer.data?.id ? `${base}/${answer.data.id}/coupons` : base);
        }}
      >
        <WalletInputs />
        <FormErrorSummary />
        <div className="form__actions">
          <SubmitButton>{t('common.save')}</SubmitButton>
          <Link to={base}>{t('common.cancel')}</Link>
        </div>
      </Form>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import { HistoryLink } from '@/components/audit/HistoryLink';
import { PageHeader } from '@/components/page/PageHeader';
import { Skeleton } from '@/components/ui/Skeleton';
import type { Wallet } from '@/features/wallets/api/types';
import { useWallet } from '@/features/wallets/api/wallets';
import { useWalletPermissions } from '@/features/wallets/components/permissions';
import { WalletTabs } from '@/features/wallets/components/WalletTabs';
import { walletsBase } from '@/features/wallets/wallet-format';
import '@/features/wallets/i18n';

export interface WalletContext {
  wallet: Wallet;
  /** /admin/wallets/{id} or /application/wallets/{id}. */
  base: string;
  /** Reloads the wallet (after a refused stale save). */
  reload: () => Promise<unknown>;
}

export function useWalletContext(): WalletContext {
  return useOutletContext<WalletContext>();
}

/** One wallet: its name, the tabs, and the chosen tab's screen. */
export function WalletLayoutRoute() {
  const { t } = useTranslation();
  const { wallet_id: id = '' } = useParams();
  const list = walletsBase(useLocation().pathname);
  const wallet = useWallet(id);
  const { redeem } = useWalletPermissions();
  const base = `${list}/${id}`;

  return (
    <>
      <PageHeader
        title={wallet.data?.name ?? t('wallets.title')}
        actions={
          <>
            <HistoryLink entityType="wallet" entityId={wallet.data?.id} />
            <Link className="button button--ghost" to={list}>
              {t('wallets.backToList')}
            </Link>
          </>
        }
      />
      {wallet.isPending && <Skeleton lines={8} />}
      {wallet.isError && <p className="empty-state">{t('wallets.notFound')}</p>}
      {wallet.data && (
        <>
          <WalletTabs list={list} id={id} name={wallet.data.name} customers={redeem} />
          <Outlet context={{ wallet: wallet.data, base, reload: wallet.refetch } satisfies WalletContext} />
        </>
      )}
    </>
  );
}

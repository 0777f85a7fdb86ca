import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/Dialog';
import { Skeleton } from '@/components/ui/Skeleton';
import type { WalletCustomer } from '@/features/wallets/api/types';
import { useCustomerWallets } from '@/features/wallets/api/wallets';
import { formatMoves } from '@/features/wallets/wallet-format';
import { formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import '@/features/wallets/i18n';

/** A customer's balance in every wallet of the application, and their top-ups. */
export function CustomerBalancesDialog({
  customer,
  onClose,
}: {
  customer: WalletCustomer['customer'] | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const answer = useCustomerWallets(customer?.id ?? null);
  const data = answer.data;
  return (
    <Dialog open={customer !== null} title={t('wallets.customers.balancesTitle', { name: customer?.name ?? '' })} onClose={onClose} wide>
      {answer.isPending && <Skeleton lines={4} />}
      {data && (
        <>
          <table className="table" data-testid="customer-balances">
            <thead>
              <tr>
                <th scope="col">{t('wallets.customers.wallet')}</th>
                <th scope="col">{t('wallets.customers.balance')}</th>
              </tr>
            </thead>
            <tbody>
              {data.wallets.map((wallet) => (
                <tr key={wallet.wallet_id}>
                  <td>{wallet.name}</td>
                  <td>{formatMoves(wallet.balance, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3 className="form__section">{t('wallets.customers.historyTitle')}</h3>
          {data.history.length === 0 ? (
            <p className="empty-state">{t('wallets.customers.noHistory')}</p>
          ) : (
            <table className="table" data-testid="customer-history">
              <thead>
                <tr>
                  <th scope="col">{t('wallets.redeemed.at')}</th>
                  <th scope="col">{t('wallets.customers.wallet')}</th>
                  <th scope="col">{t('wallets.coupons.code')}</th>
                  <th scope="col">{t('wallets.redeemed.moves')}</th>
                </tr>
              </thead>
              <tbody>
                {data.history.map((entry, index) => (
                  <tr key={`${entry.at}-${index}`}>
                    <td>{formatDateTime(entry.at, language)}</td>
                    <td>{entry.wallet_name}</td>
                    <td>{entry.code && <code>{entry.code}</code>}</td>
                    <td>{formatMoves(entry.moves, language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
}

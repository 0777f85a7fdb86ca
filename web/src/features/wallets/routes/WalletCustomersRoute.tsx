import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerLink } from '@/components/customer/CustomerLink';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { SearchInput } from '@/components/page/PageHeader';
import type { WalletCustomer } from '@/features/wallets/api/types';
import { customersList } from '@/features/wallets/api/wallets';
import { CustomerBalancesDialog } from '@/features/wallets/components/CustomerBalancesDialog';
import { useWalletPermissions } from '@/features/wallets/components/permissions';
import { useWalletContext } from '@/features/wallets/routes/WalletLayoutRoute';
import { formatMoves } from '@/features/wallets/wallet-format';
import { formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { importWithReload } from '@/lib/lazy-import';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import '@/features/wallets/i18n';

type Customer = WalletCustomer['customer'];

// The dialog's form brings formik: it loads when the dialog opens, not with the grid.
const RedeemCodeDialog = lazy(
  importWithReload(async () => ({
    default: (await import('@/features/wallets/components/RedeemCodeDialog')).RedeemCodeDialog,
  })),
);

/** Support: the application's customers with their balance here; redeem a code for one; their balances. */
export function WalletCustomersRoute() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { wallet } = useWalletContext();
  const { redeem } = useWalletPermissions();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const [redeemFor, setRedeemFor] = useState<{ customer: Customer | null } | null>(null);
  const [balancesOf, setBalancesOf] = useState<Customer | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const source = useMemo(() => customersList(wallet.id), [wallet.id]);

  const columns = useMemo<DataGridColumn<WalletCustomer>[]>(
    () => [
      { field: 'name', header: t('wallets.customers.name'), flex: 2, render: (row) => <CustomerLink customerId={row.customer.id}>{row.customer.name}</CustomerLink> },
      { field: 'email', header: t('wallets.customers.email'), flex: 2, render: (row) => row.customer.email },
      {
        field: 'balance',
        header: t('wallets.customers.balance'),
        width: 150,
        render: (row) => <span data-testid="customer-balance">{formatMoves(row.balance, language)}</span>,
      },
      { field: 'credits_count', header: t('wallets.customers.credits'), width: 130 },
      {
        field: 'last_top_up_at',
        header: t('wallets.customers.lastTopUp'),
        width: 190,
        render: (row) => (row.last_top_up_at ? formatDateTime(row.last_top_up_at, language) : ''),
      },
      {
        field: 'actions',
        header: t('common.actions'),
        width: 240,
        render: (row) => (
          <div className="row-actions">
            <button type="button" className="button button--ghost" onClick={() => setBalancesOf(row.customer)}>
              {t('wallets.customers.balances')}
            </button>
            {redeem && (
              <button type="button" className="button button--ghost" onClick={() => setRedeemFor({ customer: row.customer })}>
                {t('wallets.customers.redeem')}
              </button>
            )}
          </div>
        ),
      },
    ],
    [t, language, redeem],
  );

  return (
    <>
      <div className="page-header">
        <div className="page-header__actions">
          <SearchInput value={search} onChange={setSearch} />
        </div>
        {redeem && (
          <button type="button" className="button button--primary" onClick={() => setRedeemFor({ customer: null })}>
            {t('wallets.customers.redeemForCustomer')}
          </button>
        )}
      </div>
      <DataGrid<WalletCustomer>
        label={t('wallets.tabs.customers')}
        columns={columns}
        source={source}
        getRowId={(row) => row.customer.id}
        search={debouncedSearch}
        emptyMessage={t('wallets.customers.empty')}
        refreshKey={refreshKey}
      />
      {redeemFor && (
        <Suspense fallback={null}>
          <RedeemCodeDialog
            open
            walletId={wallet.id}
            customer={redeemFor.customer}
            onClose={() => setRedeemFor(null)}
            onRedeemed={() => setRefreshKey((key) => key + 1)}
          />
        </Suspense>
      )}
      <CustomerBalancesDialog customer={balancesOf} onClose={() => setBalancesOf(null)} />
    </>
  );
}

import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DataGrid } from '@/components/data-grid/DataGrid';
import { PageHeader, SearchInput } from '@/components/page/PageHeader';
import type { Wallet } from '@/features/wallets/api/types';
import { walletsList } from '@/features/wallets/api/wallets';
import { useWalletPermissions } from '@/features/wallets/components/permissions';
import { walletColumns } from '@/features/wallets/components/WalletColumns';
import { walletsBase } from '@/features/wallets/wallet-format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import '@/features/wallets/i18n';

const NAME_SORT = { field: 'name', direction: 'asc' } as const;

export function WalletsListRoute() {
  const { t } = useTranslation();
  const base = walletsBase(useLocation().pathname);
  const { manage } = useWalletPermissions();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const columns = useMemo(() => walletColumns(t, base), [t, base]);

  return (
    <>
      <PageHeader
        title={t('wallets.title')}
        actions={
          <>
            <SearchInput value={search} onChange={setSearch} />
            {manage && (
              <Link className="button button--primary" to={`${base}/create`}>
                {t('wallets.create')}
              </Link>
            )}
          </>
        }
      />
      <DataGrid<Wallet>
        label={t('wallets.title')}
        columns={columns}
        source={walletsList}
        getRowId={(wallet) => wallet.id}
        search={debouncedSearch}
        defaultSort={NAME_SORT}
        emptyMessage={t('wallets.empty')}
        emptyAction={
          manage && (
            <Link className="button button--primary" to={`${base}/create`}>
              {t('wallets.create')}
            </Link>
          )
        }
        onClearSearch={() => setSearch('')}
        rowHref={(wallet) => `${base}/${wallet.id}`}
      />
    </>
  );
}

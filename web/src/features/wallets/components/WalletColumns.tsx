import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { RowActions, type DataGridColumn } from '@/components/data-grid/DataGrid';
import type { Wallet } from '@/features/wallets/api/types';
import { walletTabPaths } from '@/features/wallets/wallet-format';

function topUpRule(wallet: Wallet): 'none' | 'once' | 'unlimited' {
  if (!wallet.can_top_up) return 'none';
  return wallet.can_top_up_once ? 'once' : 'unlimited';
}

/** The overview's columns (kept apart from the form so the list does not load formik and yup). */
export function walletColumns(t: TFunction, base: string): DataGridColumn<Wallet>[] {
  return [
    {
      field: 'name',
      header: t('wallets.fields.name'),
      sortable: true,
      flex: 2,
      render: (wallet) => <Link to={`${base}/${wallet.id}`}>{wallet.name}</Link>,
    },
    { field: 'slug', header: t('wallets.fields.slug'), sortable: true, flex: 1 },
    {
      field: 'price_display_mode',
      header: t('wallets.fields.price_display_mode'),
      width: 170,
      render: (wallet) => t(`wallets.displayModes.${wallet.price_display_mode}`, wallet.price_display_mode),
    },
    {
      field: 'can_top_up',
      header: t('wallets.fields.topUp'),
      width: 170,
      render: (wallet) => t(`wallets.topUpRules.${topUpRule(wallet)}`),
    },
    { field: 'coupons_count', header: t('wallets.fields.coupons_count'), sortable: true, width: 140 },
    {
      field: 'actions',
      header: t('common.actions'),
      width: 230,
      render: (wallet) => (
        <RowActions
          actions={[
            { label: t('common.edit'), icon: 'edit', to: walletTabPaths(base, wallet.id).settings },
            { label: t('wallets.tabs.coupons'), icon: 'view', to: `${base}/${wallet.id}/coupons` },
          ]}
        />
      ),
    },
  ];
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/DataGrid';
import type { Coupon } from '@/features/wallets/api/types';
import { redeemedList } from '@/features/wallets/api/wallets';
import { useWalletContext } from '@/features/wallets/routes/WalletLayoutRoute';
import { formatMoves } from '@/features/wallets/wallet-format';
import { formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import '@/features/wallets/i18n';

/** The wallet's redeemed coupons, newest first (the server's order). */
export function WalletRedeemedRoute() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { wallet } = useWalletContext();
  const source = useMemo(() => redeemedList(wallet.id), [wallet.id]);
  const columns = useMemo<DataGridColumn<Coupon>[]>(
    () => [
      { field: 'code', header: t('wallets.coupons.code'), flex: 2, render: (coupon) => <code>{coupon.code}</code> },
      {
        field: 'value_moves',
        header: t('wallets.redeemed.moves'),
        width: 110,
        render: (coupon) => formatMoves(coupon.value_moves, language),
      },
      {
        field: 'redeemed_at',
        header: t('wallets.redeemed.at'),
        width: 200,
        render: (coupon) => (coupon.redeemed_at ? formatDateTime(coupon.redeemed_at, language) : ''),
      },
      { field: 'redeemed_by', header: t('wallets.redeemed.by'), flex: 1, render: (coupon) => coupon.redeemed_by?.name ?? '' },
      { field: 'customer', header: t('wallets.redeemed.customer'), flex: 1, render: (coupon) => coupon.customer?.name ?? '' },
      {
        field: 'via',
        header: t('wallets.redeemed.via'),
        width: 110,
        render: (coupon) => (coupon.via ? t(`wallets.redeemed.vias.${coupon.via}`, { defaultValue: coupon.via }) : ''),
      },
    ],
    [t, language],
  );
  return (
    <DataGrid<Coupon>
      label={t('wallets.tabs.redeemed')}
      columns={columns}
      source={source}
      getRowId={(coupon) => coupon.id}
      emptyMessage={t('wallets.redeemed.empty')}
    />
  );
}

import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { BulkBar, selectColumn, type BulkAction } from '@/components/bulk/BulkParts';
import { useSelection } from '@/components/bulk/selection';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { COUPON_STATUSES, type Coupon, type CouponBatch } from '@/features/wallets/api/types';
import {
  couponsList,
  exportBatch,
  setCouponEnabled,
  useBatches,
  useGenerateCoupons,
  useSetBatchEnabled,
  walletKeys,
} from '@/features/wallets/api/wallets';
import { BatchesPanel } from '@/features/wallets/components/BatchesPanel';
import { CouponEnabledSwitch } from '@/features/wallets/components/CouponEnabledSwitch';
import { CouponHistoryDialog } from '@/features/wallets/components/CouponHistoryDialog';
import { CouponStatusBadge } from '@/features/wallets/components/CouponStatusBadge';
import { useWalletPermissions } from '@/features/wallets/components/permissions';
import { useWalletContext } from '@/features/wallets/routes/WalletLayoutRoute';
import { batchLabel, formatDay, formatMoves, slugify } from '@/features/wallets/wallet-format';
import { currentLanguage } from '@/lib/i18n';
import { importWithReload } from '@/lib/lazy-import';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { notifySaved } from '@/stores/notification';
import '@/features/wallets/i18n';

const CODE_SORT = { field: 'code', direction: 'asc' } as const;

// The dialog's form brings formik and yup: they load when it opens, not with the grid.
const GenerateCouponsDialog = lazy(
  importWithReload(async () => ({
    default: (await import('@/features/wallets/components/GenerateCouponsDialog')).GenerateCouponsDialog,
  })),
);

/** The wallet's coupons: search, filters, per-coupon switch and history; the batches; generate. */
export function WalletCouponsRoute() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const queryClient = useQueryClient();
  const { wallet } = useWalletContext();
  const { manage } = useWalletPermissions();
  const batches = useBatches(wallet.id);
  const generate = useGenerateCoupons(wallet.id);
  const setBatchEnabled = useSetBatchEnabled(wallet.id);
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const [batchId, setBatchId] = useState('');
  const [status, setStatus] = useState('');
  const [generating, setGenerating] = useState(false);
  const [historyOf, setHistoryOf] = useState<Coupon | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const source = useMemo(() => couponsList(wallet.id), [wallet.id]);
  const filter = useMemo(() => ({ batch_id: batchId || undefined, status: status || undefined }), [batchId, status]);
  const batchNames = useMemo(
    () => new Map((batches.data ?? []).map((batch) => [batch.id, batchLabel(batch)])),
    [batches.data],
  );
  const refresh = () => {
    setRefreshKey((key) => key + 1);
    void queryClient.invalidateQueries({ queryKey: walletKeys.batches(wallet.id) });
  };

  // Bulk disabling (web-053), undone by switching the same coupons on again.
  const selection = useSelection<Coupon>((coupon) => coupon.id);
  const bulkActions = useMemo<BulkAction<Coupon>[]>(
    () => [
      {
        id: 'disable',
        label: t('wallets.coupons.bulkDisable'),
        tone: 'danger',
        skip: (coupon) =>
          coupon.status === 'redeemed'
            ? t('wallets.coupons.bulkRedeemed')
            : !coupon.is_enabled
              ? t('wallets.coupons.bulkAlreadyDisabled')
              : null,
        run: (coupon) => setCouponEnabled(coupon.id, false, true),
        undo: (coupon) => setCouponEnabled(coupon.id, true, true),
      },
    ],
    [t],
  );

  const columns = useMemo<DataGridColumn<Coupon>[]>(
    () => [
      ...(manage ? [selectColumn(selection, t('bulk.selectColumn'), (coupon: Coupon) => coupon.code)] : []),
      {
        field: 'code',
        header: t('wallets.coupons.code'),
        sortable: true,
        flex: 2,
        render: (coupon) => <code data-testid="coupon-code">{coupon.code}</code>,
      },
      {
        field: 'value_moves',
        header: t('wallets.coupons.value'),
        width: 130,
        render: (coupon) => formatMoves(coupon.value_moves, language),
      },
      {
        field: 'batch_id',
        header: t('wallets.coupons.batch'),
        flex: 1,
        render: (coupon) => batchNames.get(coupon.batch_id) ?? coupon.batch_id.slice(0, 8),
      },
      {
        field: 'expires_at',
        header: t('wallets.coupons.expires'),
        sortable: true,
        width: 140,
        render: (coupon) => (coupon.expires_at ? formatDay(coupon.expires_at, language) : t('wallets.coupons.never')),
      },
      {
        field: 'status',
        header: t('wallets.coupons.status'),
        width: 140,
        render: (coupon) => <CouponStatusBadge status={coupon.status} />,
      },
      {
        field: 'created_by',
        header: t('wallets.coupons.createdBy'),
        flex: 1,
        render: (coupon) => coupon.created_by?.name ?? '',
      },
      {
        field: 'is_enabled',
        header: t('wallets.coupons.enabled'),
        width: 110,
        render: (coupon) => <CouponEnabledSwitch coupon={coupon} disabled={!manage} onChanged={refresh} />,
      },
      {
        field: 'actions',
        header: t('common.actions'),
        width: 130,
        render: (coupon) => (
          <button type="button" className="button button--ghost" onClick={() => setHistoryOf(coupon)}>
            {t('wallets.coupons.history')}
          </button>
        ),
      },
    ],
    // refresh only changes the refresh key and invalidates; it need not rebuild the columns.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, language, batchNames, manage, selection],
  );

  return (
    <>
      <div className="page-header">
        <div className="page-header__actions">
          <input
            className="input search-input"
            type="search"
            aria-label={t('wallets.coupons.searchCode')}
            placeholder={t('wallets.coupons.searchCode')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <select
            className="input input--inline"
            aria-label={t('wallets.coupons.batch')}
            value={batchId}
            onChange={(event) => setBatchId(event.target.value)}
          >
            <option value="">{t('wallets.coupons.allBatches')}</option>
            {(batches.data ?? []).map((batch) => (
              <option key={batch.id} value={batch.id}>
                {batchLabel(batch)}
              </option>
            ))}
          </select>
          <select
            className="input input--inline"
            aria-label={t('wallets.coupons.status')}
            value={status}
            onChange={(event) => setStatus(event.target.value)}
          >
            <option value="">{t('wallets.coupons.allStatuses')}</option>
            {COUPON_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`wallets.coupons.statuses.${value}`)}
              </option>
            ))}
          </select>
        </div>
        {manage && (
          <button type="button" className="button button--primary" onClick={() => setGenerating(true)}>
            {t('wallets.coupons.generate')}
          </button>
        )}
      </div>
      {manage && <BulkBar selection={selection} actions={bulkActions} nameOf={(coupon) => coupon.code} onDone={refresh} />}
      <DataGrid<Coupon>
        label={t('wallets.tabs.coupons')}
        columns={columns}
        source={source}
        getRowId={(coupon) => coupon.id}
        search={debouncedSearch}
        filter={filter}
        defaultSort={CODE_SORT}
        emptyMessage={t('wallets.coupons.empty')}
        refreshKey={refreshKey}
        onPageShown={(rows) => selection.setPage(rows)}
      />
      {batches.data && (
        <BatchesPanel
          batches={batches.data}
          manage={manage}
          onSetEnabled={async (batch: CouponBatch, enabled: boolean) => {
            await setBatchEnabled.mutateAsync({ batchId: batch.id, enabled });
            notifySaved(t(enabled ? 'wallets.batches.enabledDone' : 'wallets.batches.disabledDone'));
            setRefreshKey((key) => key + 1);
          }}
          onExport={(batch, format) =>
            exportBatch(wallet.id, batch.id, format, `${wallet.slug || slugify(wallet.name)}-${batch.id.slice(0, 8)}`)
          }
        />
      )}
      {generating && (
        <Suspense fallback={null}>
          <GenerateCouponsDialog
            open
            onClose={() => setGenerating(false)}
            onGenerate={(input) => generate.mutateAsync(input)}
            onGenerated={(answer, input) => {
              setGenerating(false);
              notifySaved(
                answer.issued < input.quantity
                  ? t('wallets.coupons.issuing', { issued: answer.issued, quantity: input.quantity })
                  : t('wallets.coupons.generated', { count: input.quantity }),
              );
              refresh();
            }}
          />
        </Suspense>
      )}
      <CouponHistoryDialog coupon={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Switch } from '@/components/ui/Switch';
import type { CouponBatch, ExportFormat } from '@/features/wallets/api/types';
import { batchLabel, formatDay, formatMoves } from '@/features/wallets/wallet-format';
import { currentLanguage } from '@/lib/i18n';
import '@/features/wallets/i18n';

const FORMAT_TEXT = { csv: 'wallets.batches.exportCsv', xlsx: 'wallets.batches.exportXlsx' } as const;

export interface BatchesPanelProps {
  batches: CouponBatch[];
  /** May switch batches on and off and export them (manage-wallets). */
  manage: boolean;
  onSetEnabled: (batch: CouponBatch, enabled: boolean) => Promise<unknown>;
  onExport: (batch: CouponBatch, format: ExportFormat) => Promise<unknown>;
}

/** The wallet's batches: switch one off (after confirming) or on, export its codes. */
export function BatchesPanel({ batches, manage, onSetEnabled, onExport }: BatchesPanelProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [disabling, setDisabling] = useState<CouponBatch | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (batch: CouponBatch, action: () => Promise<unknown>) => {
    setBusy(batch.id);
    try {
      await action();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="wallet-batches" aria-labelledby="batches-title">
      <h2 id="batches-title" className="form__section">
        {t('wallets.batches.title')}
      </h2>
      {batches.length === 0 ? (
        <p className="empty-state">{t('wallets.batches.empty')}</p>
      ) : (
        <table className="table" data-testid="batches">
          <thead>
            <tr>
              <th scope="col">{t('wallets.batches.created')}</th>
              <th scope="col">{t('wallets.coupons.batch')}</th>
              <th scope="col">{t('wallets.batches.quantity')}</th>
              <th scope="col">{t('wallets.batches.redeemed')}</th>
              <th scope="col">{t('wallets.coupons.expires')}</th>
              <th scope="col">{t('wallets.batches.enabled')}</th>
              {manage && <th scope="col">{t('wallets.batches.export')}</th>}
            </tr>
          </thead>
          <tbody>
            {batches.map((batch) => {
              const label = batchLabel(batch);
              return (
                <tr key={batch.id} data-batch-id={batch.id}>
                  <td>
                    {formatDay(batch.created_at, language)}
                    {batch.created_by && <span className="field__hint"> {batch.created_by.name}</span>}
                  </td>
                  <td>
                    <code>{label}</code>
                  </td>
                  <td>
                    {batch.issued < batch.quantity
                      ? `${formatMoves(batch.issued, language)} / ${formatMoves(batch.quantity, language)}`
                      : formatMoves(batch.quantity, language)}
                  </td>
                  <td>{formatMoves(batch.redeemed_count, language)}</td>
                  <td>{batch.expires_at ? formatDay(batch.expires_at, language) : t('wallets.coupons.never')}</td>
                  <td>
                    <Switch
                      label={t('wallets.batches.enableLabel', { batch: label })}
                      hideLabel
                      checked={batch.enabled}
                      disabled={!manage || busy === batch.id}
                      onChange={(event) => {
                        if (event.target.checked) void run(batch, () => onSetEnabled(batch, true));
                        else setDisabling(batch);
                      }}
                    />
                  </td>
                  {manage && (
                    <td>
                      <div className="row-actions">
                        {(['csv', 'xlsx'] as const).map((format) => (
                          <button
                            key={format}
                            type="button"
                            className="button button--ghost"
                            // The name holds the visible text ("Excel", not "XLSX"): axe's label-content-name-mismatch.
                            aria-label={t('wallets.batches.exportLabel', { batch: label, format: t(FORMAT_TEXT[format]) })}
                            disabled={busy === batch.id}
                            onClick={() => void run(batch, () => onExport(batch, format))}
                          >
                            {t(FORMAT_TEXT[format])}
                          </button>
                        ))}
                      </div>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        open={disabling !== null}
        title={t('wallets.batches.disableTitle')}
        body={t('wallets.batches.disableBody', {
          batch: disabling ? batchLabel(disabling) : '',
          count: disabling?.quantity ?? 0,
        })}
        confirmLabel={t('wallets.batches.disableConfirm')}
        busy={busy !== null}
        onCancel={() => setDisabling(null)}
        onConfirm={() => {
          const batch = disabling;
          if (!batch) return;
          void run(batch, () => onSetEnabled(batch, false)).then(() => setDisabling(null));
        }}
      />
    </section>
  );
}

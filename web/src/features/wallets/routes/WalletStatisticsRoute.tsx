import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Skeleton } from '@/components/ui/Skeleton';
import { useWalletStatistics } from '@/features/wallets/api/wallets';
import { WalletStatisticsView } from '@/features/wallets/components/WalletStatisticsView';
import { useWalletContext } from '@/features/wallets/routes/WalletLayoutRoute';
import { PERIOD_PRESETS, periodProblem, presetRange, type PeriodPreset } from '@/features/wallets/wallet-format';
import '@/features/wallets/i18n';

/** The period lives in the address (?period=7|30|90, or ?from=&to=) like the application overview's. */
function usePeriod() {
  const [params, setParams] = useSearchParams();
  const custom = params.has('from') || params.has('to');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const requested = params.get('period') as PeriodPreset | null;
  const preset: PeriodPreset = custom ? 'custom' : requested && PERIOD_PRESETS.includes(requested) ? requested : '30';
  const range = useMemo(() => (preset === 'custom' ? { from, to } : presetRange(preset, new Date())), [preset, from, to]);
  const choose = (next: PeriodPreset) => {
    if (next === 'custom') setParams({ from: range.from, to: range.to }, { replace: true });
    else setParams({ period: next }, { replace: true });
  };
  const setRange = (next: { from: string; to: string }) => setParams(next, { replace: true });
  return { preset, range, choose, setRange };
}

export function WalletStatisticsRoute() {
  const { t } = useTranslation();
  const { wallet } = useWalletContext();
  const { preset, range, choose, setRange } = usePeriod();
  const problem = periodProblem(range.from, range.to);
  const statistics = useWalletStatistics(wallet.id, problem ? '' : range.from, problem ? '' : range.to);

  return (
    <>
      <div className="overview__period" role="group" aria-label={t('wallets.period.label')}>
        <label className="field field--inline">
          <span className="field__label">{t('wallets.period.label')}</span>
          <select className="input" value={preset} onChange={(event) => choose(event.target.value as PeriodPreset)}>
            {PERIOD_PRESETS.map((option) => (
              <option key={option} value={option}>
                {t(`wallets.period.presets.${option}`)}
              </option>
            ))}
          </select>
        </label>
        {preset === 'custom' && (
          <>
            <label className="field field--inline">
              <span className="field__label">{t('wallets.period.from')}</span>
              <input
                className="input"
                type="date"
                value={range.from}
                max={range.to || undefined}
                onChange={(event) => setRange({ from: event.target.value, to: range.to })}
              />
            </label>
            <label className="field field--inline">
              <span className="field__label">{t('wallets.period.to')}</span>
              <input
                className="input"
                type="date"
                value={range.to}
                min={range.from || undefined}
                onChange={(event) => setRange({ from: range.from, to: event.target.value })}
              />
            </label>
          </>
        )}
      </div>
      {problem && (
        <p className="field__error" role="alert">
          {t(`wallets.period.${problem}`)}
        </p>
      )}
      {!problem && statistics.isPending && <Skeleton lines={8} />}
      {statistics.data && (
        <div aria-busy={statistics.isFetching || undefined}>
          <WalletStatisticsView statistics={statistics.data} from={range.from} to={range.to} />
        </div>
      )}
    </>
  );
}

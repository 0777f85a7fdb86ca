import { useTranslation } from 'react-i18next';
import { BarChart } from '@/components/chart/BarChart';
import { StackedBar } from '@/components/chart/StackedBar';
import type { WalletStatistics } from '@/features/wallets/api/types';
import { formatMoves } from '@/features/wallets/wallet-format';
import { currentLanguage } from '@/lib/i18n';
import '@/features/wallets/i18n';

const TOTALS = ['issued', 'redeemed', 'outstanding', 'expired'] as const;
const COLORS = {
  redeemed: 'var(--color-success)',
  outstanding: 'var(--color-primary)',
  expired: 'var(--color-danger)',
};

/** Totals in moves, what became of the issued moves, and issued / redeemed per day. */
export function WalletStatisticsView({ statistics, from, to }: { statistics: WalletStatistics; from: string; to: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const format = (value: number) => formatMoves(value, language);
  const dayFormat = new Intl.DateTimeFormat(language === 'nl' ? 'nl-NL' : 'en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const day = (value: string) => dayFormat.format(new Date(`${value.slice(0, 10)}T00:00:00Z`));
  const { totals, days } = statistics;
  return (
    <div className="overview__charts">
      <dl className="overview__totals" data-testid="wallet-totals">
        {TOTALS.map((key) => (
          <div key={key} data-total={key}>
            <dt>{t(`wallets.statistics.${key}`)}</dt>
            <dd>
              {format(totals[key])} <small>{t('wallets.statistics.movesUnit')}</small>
            </dd>
          </div>
        ))}
      </dl>
      <StackedBar
        title={t('wallets.statistics.split')}
        emptyMessage={t('wallets.statistics.nothing')}
        segments={(['redeemed', 'outstanding', 'expired'] as const).map((key) => ({
          key,
          label: t(`wallets.statistics.${key}`),
          value: totals[key],
          color: COLORS[key],
        }))}
      />
      <BarChart
        title={t('wallets.statistics.redeemedPerDay', { from: day(from), to: day(to) })}
        data={days.map((entry) => ({ label: day(entry.day), value: entry.redeemed }))}
        formatValue={format}
        emptyMessage={t('wallets.statistics.noData')}
      />
      <BarChart
        title={t('wallets.statistics.issuedPerDay', { from: day(from), to: day(to) })}
        data={days.map((entry) => ({ label: day(entry.day), value: entry.issued }))}
        formatValue={format}
        emptyMessage={t('wallets.statistics.noData')}
      />
    </div>
  );
}

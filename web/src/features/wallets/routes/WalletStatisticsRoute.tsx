import { useTranslation } from 'react-i18next';
import { PeriodPicker } from '@/components/period-picker/PeriodPicker';
import { Skeleton } from '@/components/ui/Skeleton';
import { useWalletStatistics } from '@/features/wallets/api/wallets';
import { WalletStatisticsView } from '@/features/wallets/components/WalletStatisticsView';
import { useWalletContext } from '@/features/wallets/routes/WalletLayoutRoute';
import { periodProblem, usePeriod } from '@/lib/period';
import '@/features/wallets/i18n';

/** Totals and per-day figures of the wallet over a period kept in the address, as on the application overview. */
export function WalletStatisticsRoute() {
  const { t } = useTranslation();
  const { wallet } = useWalletContext();
  const period = usePeriod();
  const { range } = period;
  const problem = periodProblem(range.from, range.to);
  const statistics = useWalletStatistics(wallet.id, problem ? null : period.query);

  return (
    <>
      <PeriodPicker {...period} error={problem && t(`wallets.period.${problem}`)} />
      {!problem && statistics.isPending && <Skeleton lines={8} />}
      {statistics.data && (
        <div aria-busy={statistics.isFetching || undefined}>
          <WalletStatisticsView statistics={statistics.data} from={statistics.data.from} to={statistics.data.to} />
        </div>
      )}
    </>
  );
}

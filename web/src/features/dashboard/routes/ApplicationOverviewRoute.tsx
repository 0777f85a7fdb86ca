import { useMemo } from 'react';
import { PageHeader } from '@/components/page/PageHeader';
import { useTranslation } from 'react-i18next';
import { BarChart } from '@/components/chart/BarChart';
import { StackedBar } from '@/components/chart/StackedBar';
import { PeriodPicker } from '@/components/period-picker/PeriodPicker';
import { Skeleton } from '@/components/ui/Skeleton';
import { useApplicationStatistics } from '@/features/dashboard/api/statistics';
import { currentLanguage } from '@/lib/i18n';
import { periodProblem, usePeriod, type PeriodProblem } from '@/lib/period';

const PROBLEM_TEXTS: Record<PeriodProblem, string> = {
  missing: 'overview.errors.periodMissing',
  order: 'overview.errors.periodOrder',
  tooLong: 'overview.errors.periodTooLong',
};

const STATE_COLORS: Record<string, string> = {
  approved: 'var(--color-success)',
  pending: 'var(--color-warning)',
  rejected: 'var(--color-danger)',
};

/** The application overview: organisations by state and new organisations per day. */
export function ApplicationOverviewRoute() {
  const { t } = useTranslation();
  const period = usePeriod();
  const { range } = period;
  const problem = periodProblem(range.from, range.to);
  const statistics = useApplicationStatistics(problem ? null : period.query);
  const language = currentLanguage();
  const dayLabel = useMemo(() => {
    const format = new Intl.DateTimeFormat(language === 'nl' ? 'nl-NL' : 'en-GB', {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
  }, [language]);

  const data = statistics.data;
  const created = data?.new_organizations_per_day.reduce((sum, day) => sum + day.created, 0) ?? 0;

  return (
    <>
      <PageHeader title={t('dashboard.application')} />
      <PeriodPicker {...period} error={problem && t(PROBLEM_TEXTS[problem])} />
      {!problem && statistics.isPending && <Skeleton lines={8} />}
      {data && (
        <div className="overview__charts" aria-busy={statistics.isFetching || undefined}>
          <dl className="overview__totals">
            <div>
              <dt>{t('overview.total')}</dt>
              <dd>{data.organizations_total}</dd>
            </div>
            <div>
              <dt>{t('overview.newInPeriod')}</dt>
              <dd>{created}</dd>
            </div>
          </dl>
          <StackedBar
            title={t('overview.byState')}
            emptyMessage={t('overview.noOrganizations')}
            segments={['approved', 'pending', 'rejected'].map((state) => ({
              key: state,
              label: t(`organizations.states.${state}`),
              value: data.organizations_by_state[state] ?? 0,
              color: STATE_COLORS[state],
            }))}
          />
          <BarChart
            title={t('overview.perDay', { from: dayLabel(data.from), to: dayLabel(data.to) })}
            data={data.new_organizations_per_day.map((day) => ({ label: dayLabel(day.day), value: day.created }))}
            emptyMessage={t('overview.noData')}
          />
        </div>
      )}
    </>
  );
}

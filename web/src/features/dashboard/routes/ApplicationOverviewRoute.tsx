import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BarChart } from '@/components/chart/BarChart';
import { StackedBar } from '@/components/chart/StackedBar';
import { Skeleton } from '@/components/ui/Skeleton';
import { useApplicationStatistics } from '@/features/dashboard/api/statistics';
import { PERIOD_PRESETS, periodProblem, presetRange, type PeriodPreset } from '@/features/dashboard/period';
import { currentLanguage } from '@/lib/i18n';

const STATE_COLORS: Record<string, string> = {
  approved: 'var(--color-success)',
  pending: 'var(--color-warning)',
  rejected: 'var(--color-danger)',
};

/** The period lives in the address (?period=7|30|90, or ?from=&to=), so it survives a reload. */
function usePeriod() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const custom = params.has('from') || params.has('to');
  const requested = params.get('period') as PeriodPreset | null;
  const preset: PeriodPreset = custom ? 'custom' : requested && PERIOD_PRESETS.includes(requested) ? requested : '30';
  const range = useMemo(() => (preset === 'custom' ? { from, to } : presetRange(preset, new Date())), [preset, from, to]);
  const choose = (next: PeriodPreset) => {
    if (next === 'custom') {
      const current = preset === 'custom' ? range : presetRange(preset, new Date());
      setParams({ from: current.from, to: current.to }, { replace: true });
    } else setParams({ period: next }, { replace: true });
  };
  const setRange = (next: { from: string; to: string }) => setParams(next, { replace: true });
  return { preset, range, choose, setRange };
}

/** The application overview: organisations by state and new organisations per day. */
export function ApplicationOverviewRoute() {
  const { t } = useTranslation();
  const { preset, range, choose, setRange } = usePeriod();
  const problem = periodProblem(range.from, range.to);
  const statistics = useApplicationStatistics(problem ? '' : range.from, problem ? '' : range.to);
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
    <main className="page">
      <h1>{t('dashboard.application')}</h1>
      <div className="overview__period" role="group" aria-label={t('overview.period')}>
        <label className="field field--inline">
          <span className="field__label">{t('overview.period')}</span>
          <select className="input" value={preset} onChange={(event) => choose(event.target.value as PeriodPreset)}>
            {PERIOD_PRESETS.map((option) => (
              <option key={option} value={option}>
                {t(`overview.presets.${option}`)}
              </option>
            ))}
          </select>
        </label>
        {preset === 'custom' && (
          <>
            <label className="field field--inline">
              <span className="field__label">{t('overview.from')}</span>
              <input
                className="input"
                type="date"
                value={range.from}
                max={range.to || undefined}
                onChange={(event) => setRange({ from: event.target.value, to: range.to })}
              />
            </label>
            <label className="field field--inline">
              <span className="field__label">{t('overview.to')}</span>
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
          {t(problem)}
        </p>
      )}
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
    </main>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/DataGrid';
import { PageHeader, SearchInput } from '@/components/page/PageHeader';
import { applicationActivities, organizationActivities } from '@/features/activities/api/activities';
import { ACTIVITY_TYPES, type Activity } from '@/features/activities/api/types';
import { api } from '@/lib/api-client';
import { can } from '@/lib/authorization';
import { useLabelChoices } from '@/lib/taxonomy';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAuthStore } from '@/stores/auth';
import '@/features/activities/i18n';

const NAME_SORT = { field: 'name', direction: 'asc' } as const;

/** Filters type, concept, sport and label over a list of activities. */
function ActivityList({ organizationId }: { organizationId?: string }) {
  const { t } = useTranslation();
  const profile = useAuthStore((state) => state.profile);
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const [type, setType] = useState('');
  const [concept, setConcept] = useState('');
  const [sport, setSport] = useState('');
  const [label, setLabel] = useState('');
  const mayFilterByLabel = can(profile, 'view-labels');
  const labels = useLabelChoices(mayFilterByLabel);
  const sports = useQuery({
    queryKey: ['sports', 'all'],
    queryFn: async ({ signal }) => (await api<{ data: { id: string; name: string }[] }>('/v1/admin/sports/all', { signal })).data,
  });
  const filter = useMemo(
    () => ({ type: type || undefined, concept: concept || undefined, sport_id: sport || undefined, label_id: label || undefined }),
    [type, concept, sport, label],
  );
  const source = useMemo(() => (organizationId ? organizationActivities(organizationId) : applicationActivities), [organizationId]);
  const columns = useMemo<DataGridColumn<Activity>[]>(
    () => [
      {
        field: 'name',
        header: t('activities.fields.name'),
        sortable: true,
        flex: 2,
        render: (activity) =>
          organizationId ? <Link to={`/organizations/${organizationId}/activities/${activity.id}`}>{activity.name}</Link> : activity.name,
      },
      { field: 'type', header: t('activities.fields.type'), width: 140, render: (activity) => t(`activities.types.${activity.type}`) },
      ...(organizationId ? [] : [{ field: 'organization_name', header: t('activities.fields.organization'), flex: 1 }]),
      {
        field: 'concept',
        header: t('activities.concept'),
        width: 150,
        render: (activity: Activity) => (activity.concept ? t('activities.concept') : t('activities.published')),
      },
    ],
    [t, organizationId],
  );
  return (
    <>
      <PageHeader
        title={organizationId ? t('activities.title') : t('activities.applicationTitle')}
        actions={
          <>
            <SearchInput value={search} onChange={setSearch} />
            <select className="input input--inline" aria-label={t('activities.fields.type')} value={type} onChange={(e) => setType(e.target.value)}>
              <option value="">{t('activities.allTypes')}</option>
              {ACTIVITY_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`activities.types.${value}`)}
                </option>
              ))}
            </select>
            <select className="input input--inline" aria-label={t('activities.concept')} value={concept} onChange={(e) => setConcept(e.target.value)}>
              <option value="">{t('activities.allConcepts')}</option>
              <option value="true">{t('activities.onlyConcepts')}</option>
              <option value="false">{t('activities.onlyPublished')}</option>
            </select>
            <select className="input input--inline" aria-label={t('activities.fields.sport_id')} value={sport} onChange={(e) => setSport(e.target.value)}>
              <option value="">{t('activities.allSports')}</option>
              {(sports.data ?? []).map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
            {mayFilterByLabel && (
              <select className="input input--inline" aria-label={t('activities.labelFilter')} value={label} onChange={(e) => setLabel(e.target.value)}>
                <option value="">{t('activities.everyLabel')}</option>
                {(labels.data ?? []).map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            )}
            {organizationId && can(profile, 'create-activities') && (
              <Link className="button button--primary" to={`/organizations/${organizationId}/activities/create`}>
                {t('activities.create')}
              </Link>
            )}
            {!organizationId && (
              <Link className="button" to="/application/activities/sessions">
                {t('activities.sessions.applicationTitle')}
              </Link>
            )}
          </>
        }
      />
      <DataGrid<Activity>
        label={t('activities.title')}
        columns={columns}
        source={source}
        getRowId={(activity) => activity.id}
        search={debouncedSearch}
        filter={filter}
        defaultSort={NAME_SORT}
        emptyMessage={t('activities.empty')}
      />
    </>
  );
}

export function ActivitiesListRoute() {
  const { organizationId = '' } = useParams();
  return <ActivityList organizationId={organizationId} />;
}

export function ApplicationActivitiesRoute() {
  return <ActivityList />;
}

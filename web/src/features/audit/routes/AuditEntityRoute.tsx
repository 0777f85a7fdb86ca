import '@/features/audit/i18n';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page/PageHeader';
import { EmptyState } from '@/components/ui/EmptyState';
import { DateTimeFormInput } from '@/components/time-field/DateTimeInput';
import { Skeleton } from '@/components/ui/Skeleton';
import { useEntityDiff, useEntityHistory, useEntityState } from '@/features/audit/api/audit';
import { AUDIT_AREA, EventList } from '@/features/audit/components/EventList';
import { FieldsTable } from '@/features/audit/components/FieldsTable';
import { formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

/** A local moment ("YYYY-MM-DDTHH:MM", DateTimeFormInput) as an RFC 3339 instant; empty is null (now). */
function momentOf(form: FormData, name: string): string | null {
  const value = String(form.get(name) ?? '');
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * /application/audit/entities/:entityType/:entityId: an entity's history, its state as of
 * a moment (folded from its stream by the domain) and what changed between two moments.
 */
export function AuditEntityRoute() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { entityType = '', entityId = '' } = useParams();
  const history = useEntityHistory(entityType, entityId);
  const [asOf, setAsOf] = useState<string | null>(null);
  const [compareFrom, setCompareFrom] = useState<string | null>(null);
  const state = useEntityState(entityType, entityId, asOf);
  const diff = useEntityDiff(entityType, entityId, compareFrom, asOf);

  const showMoment = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setAsOf(momentOf(form, 'as_of'));
    setCompareFrom(momentOf(form, 'compare_from'));
  };

  const header = <PageHeader title={t('audit.entityTitle', { type: entityType, id: entityId })} />;
  if (history.isPending) {
    return (
      <>
        {header}
        <Skeleton lines={8} />
      </>
    );
  }
  if (!history.data) {
    return (
      <>
        {header}
        <EmptyState message={t('audit.entityNotFound')} />
        <Link to={AUDIT_AREA}>{t('audit.backToLog')}</Link>
      </>
    );
  }
  const erasure = history.data.erasure;
  return (
    <>
      {header}
      <p>
        <Link to={AUDIT_AREA}>{t('audit.backToLog')}</Link>
      </p>
      {erasure && (
        <p className="notice" role="note" data-testid="audit-erasure">
          {t('audit.erased', {
            time: formatDateTime(erasure.at, language),
            name: erasure.actor?.name || erasure.actor?.id || t('audit.theSystem'),
          })}
        </p>
      )}

      <h2>{t('audit.asOfTitle')}</h2>
      <form className="audit-filters" onSubmit={showMoment}>
        {(['as_of', 'compare_from'] as const).map((name) => {
          const label = t(name === 'as_of' ? 'audit.asOf' : 'audit.compareFrom');
          return (
            <span key={name} className="audit-filters__moment">
              <label htmlFor={`audit-${name}`}>{label}</label>{' '}
              <DateTimeFormInput id={`audit-${name}`} name={name} label={label} defaultValue="" />
            </span>
          );
        })}
        <button type="submit" className="button button--primary">
          {t('audit.show')}
        </button>
      </form>
      {state.isError && <EmptyState message={t('audit.noStateYet')} />}
      {state.data && (
        <FieldsTable
          fields={state.data.fields}
          caption={t('audit.stateCaption', {
            time: formatDateTime(state.data.recorded_at, language),
            version: state.data.version,
          })}
        />
      )}
      {diff.data && (
        <table className="table" data-testid="audit-diff" tabIndex={0}>
          <caption>{t('audit.diffCaption', { count: diff.data.changes.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('audit.field')}</th>
              <th scope="col">{t('audit.before')}</th>
              <th scope="col">{t('audit.after')}</th>
            </tr>
          </thead>
          <tbody>
            {diff.data.changes.map((change) => (
              <tr key={change.path} data-field={change.path}>
                <th scope="row">
                  <code>{change.path}</code>
                </th>
                <td>{change.before}</td>
                <td>{change.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>{t('audit.historyTitle')}</h2>
      <EventList events={history.data.events} />
    </>
  );
}

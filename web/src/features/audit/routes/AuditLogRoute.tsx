import '@/features/audit/i18n';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page/PageHeader';
import { EmptyState } from '@/components/ui/EmptyState';
import { DateTimeFormInput } from '@/components/time-field/DateTimeInput';
import { Skeleton } from '@/components/ui/Skeleton';
import {
  exportAudit,
  useAuditLog,
  useSeal,
  type AuditFile,
  type AuditFilter,
  type ExportFormat,
} from '@/features/audit/api/audit';
import { EventList } from '@/features/audit/components/EventList';
import { formatCount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

const FILTERS = ['from', 'to', 'entity_type', 'entity_id', 'type', 'actor_id', 'correlation_id'] as const;
const INSTANTS: readonly string[] = ['from', 'to'];

/** A local moment ("YYYY-MM-DDTHH:MM", DateTimeFormInput) as the instant the API reads (RFC 3339, UTC). */
function instant(local: string): string {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/** An RFC 3339 instant as a local moment "YYYY-MM-DDTHH:MM" in the browser's time zone. */
function localValue(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** /application/audit: the application's log in words, filtered, newest first (decision 1401). */
export function AuditLogRoute() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [params, setParams] = useSearchParams();
  const filter: AuditFilter = {};
  for (const name of FILTERS) {
    const value = params.get(name);
    if (value) filter[name] = value;
  }
  const [cursors, setCursors] = useState<string[]>([]);
  const before = cursors.at(-1) ?? null;
  const log = useAuditLog(filter, before);
  const seal = useSeal();
  const [exporting, setExporting] = useState(false);
  const [file, setFile] = useState<AuditFile | null>(null);

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FILTERS) {
      const value = String(form.get(name) ?? '').trim();
      if (value) next.set(name, INSTANTS.includes(name) ? instant(value) : value);
    }
    setCursors([]);
    setFile(null);
    setParams(next);
  };

  const newest = log.data?.data[0]?.position;
  const download = async (format: ExportFormat) => {
    if (!newest) return;
    setExporting(true);
    try {
      setFile(await exportAudit(filter, format, newest));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t('audit.title')}
        actions={
          <>
            <button type="button" className="button" disabled={exporting || !newest} onClick={() => void download('csv')}>
              {t('audit.exportCsv')}
            </button>
            <button type="button" className="button" disabled={exporting || !newest} onClick={() => void download('jsonl')}>
              {t('audit.exportJsonl')}
            </button>
          </>
        }
      />
      <p className="field__hint">{t('audit.intro')}</p>
      {seal.data && (
        <p className="field__hint" data-testid="audit-seal">
          {seal.data.block == null
            ? t('audit.notSealed')
            : t('audit.sealed', {
                count: seal.data.sealed_events,
                events: formatCount(seal.data.sealed_events, language),
                block: seal.data.block,
                hash: seal.data.block_hash.slice(0, 16),
              })}{' '}
          {seal.data.verification
            ? seal.data.verification.clean
              ? t('audit.verifiedClean', { time: formatDateTime(seal.data.verification.at, language) })
              : t('audit.verifiedTampered', {
                  time: formatDateTime(seal.data.verification.at, language),
                  finding: seal.data.verification.finding,
                })
            : t('audit.neverVerified')}
        </p>
      )}
      {file && (
        <p className="field__hint" role="status" data-testid="audit-export">
          {t('audit.exported', { name: file.name })} <code data-testid="audit-export-sha256">{file.sha256}</code>
        </p>
      )}
      <form className="audit-filters" onSubmit={applyFilters} key={params.toString()}>
        {FILTERS.map((name) =>
          INSTANTS.includes(name) ? (
            // A moment: the date field and our 24-hour time field (web-062), never datetime-local.
            <span key={name} className="audit-filters__moment">
              <label htmlFor={`audit-${name}`}>{t(`audit.filters.${name}`)}</label>{' '}
              <DateTimeFormInput id={`audit-${name}`} name={name} label={t(`audit.filters.${name}`)} defaultValue={localValue(filter[name] ?? '')} />
            </span>
          ) : (
            <label key={name}>
              {t(`audit.filters.${name}`)}{' '}
              <input className="input input--inline" name={name} type="text" defaultValue={filter[name] ?? ''} />
            </label>
          ),
        )}
        <button type="submit" className="button button--primary">
          {t('audit.apply')}
        </button>
      </form>
      {log.isPending && <Skeleton lines={8} />}
      {log.isError && <EmptyState message={t('audit.loadFailed')} />}
      {log.data && log.data.data.length === 0 && <EmptyState message={t('audit.empty')} />}
      {log.data && log.data.data.length > 0 && <EventList events={log.data.data} />}
      <p className="audit-paging">
        {cursors.length > 0 && (
          <button type="button" className="button button--ghost" onClick={() => setCursors([])}>
            {t('audit.newest')}
          </button>
        )}
        {log.data?.meta.before && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setCursors([...cursors, log.data.meta.before ?? ''])}
          >
            {t('audit.older')}
          </button>
        )}
      </p>
    </>
  );
}

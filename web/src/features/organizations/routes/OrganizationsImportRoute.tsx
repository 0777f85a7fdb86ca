import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/page/PageHeader';
import { importOrganizations, type ImportResult } from '@/features/organizations/api/organizations';
import type { ImportPreviewRow } from '@/features/organizations/api/types';
import { notifySaved } from '@/stores/notification';

const MANAGEMENT = '/application/organizations/management';
const REQUIRED_COLUMNS = ['name', 'street', 'house_number', 'zipcode', 'city', 'country'];
const OPTIONAL_COLUMNS = ['description', 'email', 'phone', 'website', 'facebook_url', 'instagram_url', 'youtube_url', 'notes'];

function RefusalTable({ result }: { result: Extract<ImportResult, { ok: false }> }) {
  const { t } = useTranslation();
  const { refusal } = result;
  const errors = refusal.rows.flatMap((row) =>
    Object.entries(row.fields).map(([column, message]) => ({ line: row.line, column, message })),
  );
  return (
    <section aria-labelledby="import-errors" className="import-result">
      <h2 id="import-errors">{t('organizations.import.refused')}</h2>
      <p role="alert">{refusal.fields?.file ?? refusal.message}</p>
      {errors.length > 0 && (
        <table className="table" data-testid="import-errors">
          <thead>
            <tr>
              <th scope="col">{t('organizations.import.line')}</th>
              <th scope="col">{t('organizations.import.column')}</th>
              <th scope="col">{t('organizations.import.error')}</th>
            </tr>
          </thead>
          <tbody>
            {errors.map((error) => (
              <tr key={`${error.line}-${error.column}`}>
                <td>{error.line}</td>
                <td>{error.column}</td>
                <td>{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * CSV import: choosing a file checks it on the server (dry run) and shows either the
 * errors by line and column, or the rows it would create; importing is all or nothing.
 */
export function OrganizationsImportRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setCheck(null);
    if (!chosen) return;
    setBusy(true);
    try {
      setCheck(await importOrganizations(chosen, true));
    } catch {
      setFile(null);
    } finally {
      setBusy(false);
    }
  };

  const runImport = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const result = await importOrganizations(file, false);
      if (!result.ok) {
        setCheck(result);
        return;
      }
      notifySaved(t('organizations.import.done', { count: result.answer.created }));
      await navigate(MANAGEMENT);
    } catch {
      // the notification bar shows the failure
    } finally {
      setBusy(false);
    }
  };

  const preview: ImportPreviewRow[] = check?.ok ? (check.answer.preview ?? []) : [];

  return (
    <>
      <PageHeader title={t('organizations.import.title')} />
      <p>{t('organizations.import.columns', { required: REQUIRED_COLUMNS.join(', '), optional: OPTIONAL_COLUMNS.join(', ') })}</p>
      <div className="field">
        <label htmlFor={inputId}>{t('organizations.import.file')}</label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          disabled={busy}
          onChange={(event) => void choose(event.target.files?.[0] ?? null)}
        />
      </div>
      {busy && <p aria-live="polite">{t('common.loading')}</p>}
      {check && !check.ok && <RefusalTable result={check} />}
      {check?.ok && (
        <section aria-labelledby="import-preview" className="import-result">
          <h2 id="import-preview">{t('organizations.import.ready', { count: check.answer.rows })}</h2>
          <table className="table" data-testid="import-preview">
            <thead>
              <tr>
                <th scope="col">{t('organizations.import.line')}</th>
                <th scope="col">{t('organizations.fields.name')}</th>
                <th scope="col">{t('organizations.fields.street')}</th>
                <th scope="col">{t('organizations.fields.zipcode')}</th>
                <th scope="col">{t('organizations.fields.city')}</th>
                <th scope="col">{t('organizations.fields.country')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.map((row) => (
                <tr key={row.line}>
                  <td>{row.line}</td>
                  <td>{row.name}</td>
                  <td>
                    {row.street} {row.house_number}
                  </td>
                  <td>{row.zipcode}</td>
                  <td>{row.city}</td>
                  <td>{row.country}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <div className="form__actions">
        {check?.ok && (
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void runImport()}>
            {t('organizations.import.importAll', { count: check.answer.rows })}
          </button>
        )}
        <Link to={MANAGEMENT}>{t('common.cancel')}</Link>
      </div>
    </>
  );
}

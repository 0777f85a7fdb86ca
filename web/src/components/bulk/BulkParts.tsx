import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataGridColumn } from '@/components/data-grid/DataGrid';
import { Dialog } from '@/components/ui/Dialog';
import { RequiredMark } from '@/components/form';
import { useSelected, type Selection } from '@/components/bulk/selection';
import { ApiError } from '@/lib/api-client';

/** One bulk action: what it does to a row, which rows it leaves and why, and its undo when a compensating command exists. */
export interface BulkAction<Row> {
  id: string;
  /** The button and the confirmation, e.g. "Goedkeuren". */
  label: string;
  tone?: 'primary' | 'danger';
  /** Why the action leaves this row as it is (e.g. "al goedgekeurd"), or null when it applies. */
  skip: (row: Row) => string | null;
  /** Asks one reason for all rows (e.g. a rejection's). */
  reason?: { label: string; max: number };
  /** Asks one choice for all rows (e.g. a move's target session), with what it means for them. */
  choice?: BulkChoice<Row>;
  /** What the action changes in this row, listed in the preview (e.g. "Anna: Niet gemarkeerd → Aanwezig"). */
  change?: (row: Row) => string;
  run: (row: Row, reason: string, choice: string) => Promise<unknown>;
  /** The compensating command, offered as "Ongedaan maken" after the action. */
  undo?: (row: Row, choice: string) => Promise<unknown>;
}

/** One choice a bulk action asks before it runs (a select), and what that choice will do to the rows. */
export interface BulkChoice<Row> {
  label: string;
  /** The empty option, e.g. "Kies een sessie". */
  placeholder: string;
  options: { value: string; label: string }[];
  describe?: (value: string, rows: Row[]) => string;
}

/** An action with its own dialog and preview (a mail's), opened for the chosen rows; no command per row. */
export interface BulkOpenAction<Row> {
  id: string;
  label: string;
  tone?: 'primary' | 'danger';
  open: (rows: Row[]) => void;
}

interface Outcome<Row> {
  done: Row[];
  refused: { row: Row; why: string }[];
}

/** Runs one after another (each an idempotent command of its own); a refusal does not stop the others. */
async function runEach<Row>(rows: Row[], run: (row: Row) => Promise<unknown>, progress: (n: number) => void): Promise<Outcome<Row>> {
  const outcome: Outcome<Row> = { done: [], refused: [] };
  for (const row of rows) {
    try {
      await run(row);
      outcome.done.push(row);
    } catch (error) {
      outcome.refused.push({ row, why: error instanceof ApiError ? error.message : String(error) });
    }
    progress(outcome.done.length + outcome.refused.length);
  }
  return outcome;
}

/** The checkbox column of a grid with bulk actions. */
export function selectColumn<Row>(selection: Selection<Row>, header: string, nameOf: (row: Row) => string): DataGridColumn<Row> {
  return { field: 'select', header, width: 110, render: (row) => <RowCheckbox selection={selection} row={row} name={nameOf(row)} /> };
}

/** A row's labelled checkbox ("Anna selecteren"): the grid's select column, or a table's or card list's own cell. */
export function RowCheckbox<Row>({ selection, row, name }: { selection: Selection<Row>; row: Row; name: string }) {
  const { t } = useTranslation();
  useSelected(selection);
  return (
    <input
      type="checkbox"
      className="bulk-checkbox"
      aria-label={t('bulk.selectRow', { name })}
      checked={selection.has(row)}
      onChange={() => selection.toggle(row)}
    />
  );
}

/** Above the grid: "select this page", the count chosen, the actions, and the dialog that previews, runs and can undo one. */
export function BulkBar<Row>({
  selection,
  actions,
  nameOf,
  onDone,
  pageLabel,
}: {
  selection: Selection<Row>;
  actions: (BulkAction<Row> | BulkOpenAction<Row>)[];
  nameOf: (row: Row) => string;
  onDone: () => void;
  /** The "select the page" box's words where the page is the whole list (e.g. "Iedereen selecteren"). */
  pageLabel?: string;
}) {
  const { t } = useTranslation();
  useSelected(selection);
  const chosen = selection.selected();
  const [action, setAction] = useState<BulkAction<Row> | null>(null);
  return (
    <div className="bulk-bar" role="region" aria-label={t('bulk.region')}>
      <label className="bulk-bar__page">
        <input type="checkbox" checked={selection.pageSelected()} onChange={() => selection.togglePage()} /> {pageLabel ?? t('bulk.selectPage')}
      </label>
      <span className="bulk-bar__count" aria-live="polite">
        {t('bulk.selected', { count: chosen.length })}
      </span>
      {actions.map((a) => (
        <button
          key={a.id}
          type="button"
          className={`button${a.tone ? ` button--${a.tone}` : ''}`}
          disabled={chosen.length === 0}
          onClick={() => ('open' in a ? a.open(chosen) : setAction(a))}
        >
          {a.label}
          {chosen.length > 0 ? ` (${chosen.length})` : ''}
        </button>
      ))}
      {chosen.length > 0 && (
        <button type="button" className="button button--ghost" onClick={() => selection.clear()}>
          {t('bulk.clear')}
        </button>
      )}
      {action && (
        <BulkDialog
          action={action}
          rows={chosen}
          nameOf={nameOf}
          onClose={(changed) => {
            setAction(null);
            if (changed) {
              selection.clear();
              onDone();
            }
          }}
        />
      )}
    </div>
  );
}

/** Preview (what happens to how many, which are left and why) → progress → result (done, refused with why) → undo. */
function BulkDialog<Row>({
  action,
  rows,
  nameOf,
  onClose,
}: {
  action: BulkAction<Row>;
  rows: Row[];
  nameOf: (row: Row) => string;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const applies = rows.filter((row) => action.skip(row) === null);
  const skipped = rows.flatMap((row) => {
    const why = action.skip(row);
    return why === null ? [] : [{ row, why }];
  });
  const [reason, setReason] = useState('');
  const [choice, setChoice] = useState('');
  const [tried, setTried] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome<Row> | null>(null);
  const [undone, setUndone] = useState<Outcome<Row> | null>(null);
  const [running, setRunning] = useState(false);
  const needReason = action.reason !== undefined && reason.trim() === '';
  const needChoice = action.choice !== undefined && choice === '';

  const start = async () => {
    setTried(true);
    if (needReason || needChoice || applies.length === 0) return;
    setProgress(0);
    setRunning(true);
    setOutcome(await runEach(applies, (row) => action.run(row, reason.trim(), choice), setProgress));
    setRunning(false);
  };
  const undo = async () => {
    if (!action.undo || !outcome) return;
    const compensate = action.undo;
    setProgress(0);
    setRunning(true);
    setUndone(await runEach(outcome.done, (row) => compensate(row, choice), setProgress));
    setRunning(false);
  };

  return (
    <Dialog open title={t('bulk.title', { action: action.label, count: rows.length })} onClose={() => !running && onClose(outcome !== null)}>
      {outcome === null ? (
        <>
          <p data-testid="bulk-preview">
            {applies.length > 0 ? t('bulk.willDo', { count: applies.length, action: action.label.toLowerCase() }) : t('bulk.nothingToDo')}{' '}
            {action.undo ? t('bulk.canUndo') : t('bulk.noUndo')}
          </p>
          {action.change && applies.length > 0 && (
            <ul data-testid="bulk-changes">
              {applies.map((row) => (
                <li key={nameOf(row)}>{action.change?.(row)}</li>
              ))}
            </ul>
          )}
          {action.choice && applies.length > 0 && (
            <div className="field">
              <label htmlFor="bulk-choice">
                {action.choice.label} <RequiredMark />
              </label>
              <select
                id="bulk-choice"
                className="input"
                value={choice}
                aria-invalid={(tried && needChoice) || undefined}
                onChange={(event) => setChoice(event.target.value)}
              >
                <option value="">{action.choice.placeholder}</option>
                {action.choice.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              {tried && needChoice && <p className="field__error">{action.choice.placeholder}</p>}
              {choice !== '' && action.choice.describe && (
                <p role="status" data-testid="bulk-choice-preview">
                  {action.choice.describe(choice, applies)}
                </p>
              )}
            </div>
          )}
          {skipped.length > 0 && (
            <>
              <p>{t('bulk.willSkip', { count: skipped.length })}</p>
              <ul>
                {skipped.map(({ row, why }) => (
                  <li key={nameOf(row)}>
                    {nameOf(row)}: {why}
                  </li>
                ))}
              </ul>
            </>
          )}
          {action.reason && applies.length > 0 && (
            <div className="field">
              <label htmlFor="bulk-reason">
                {action.reason.label} <RequiredMark />
              </label>
              <textarea
                id="bulk-reason"
                className="input"
                rows={3}
                maxLength={action.reason.max}
                value={reason}
                aria-invalid={(tried && needReason) || undefined}
                onChange={(event) => setReason(event.target.value)}
              />
              {tried && needReason && <p className="field__error">{t('errors.required', { field: action.reason.label.toLowerCase() })}</p>}
            </div>
          )}
          {running && (
            <p role="status">{t('bulk.progress', { done: progress, count: applies.length })}</p>
          )}
          <div className="dialog__actions">
            <button type="button" className="button" disabled={running} onClick={() => onClose(false)}>
              {t('common.cancel')}
            </button>
            {applies.length > 0 && (
              <button type="button" className={`button button--${action.tone ?? 'primary'}`} disabled={running} onClick={() => void start()}>
                {t('bulk.confirm', { action: action.label, count: applies.length })}
              </button>
            )}
          </div>
        </>
      ) : (
        <>
          <div role="status" data-testid="bulk-result">
            <p>{t('bulk.done', { count: outcome.done.length, action: action.label.toLowerCase() })}</p>
            {skipped.length > 0 && <p>{t('bulk.skipped', { count: skipped.length })}</p>}
            {outcome.refused.length > 0 && (
              <>
                <p>{t('bulk.refused', { count: outcome.refused.length })}</p>
                <ul>
                  {outcome.refused.map(({ row, why }) => (
                    <li key={nameOf(row)}>
                      {nameOf(row)}: {why}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {undone && (
              <p>
                {t('bulk.undone', { count: undone.done.length })}
                {undone.refused.length > 0 ? ` ${t('bulk.undoRefused', { count: undone.refused.length })}` : ''}
              </p>
            )}
            {running && <p>{t('bulk.progress', { done: progress, count: outcome.done.length })}</p>}
          </div>
          <div className="dialog__actions">
            {action.undo && !undone && outcome.done.length > 0 && (
              <button type="button" className="button" disabled={running} onClick={() => void undo()}>
                {t('bulk.undo')}
              </button>
            )}
            <button type="button" className="button button--primary" disabled={running} onClick={() => onClose(true)}>
              {t('bulk.close')}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}

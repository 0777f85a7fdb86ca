import { useMemo, useSyncExternalStore } from 'react';

/**
 * The rows chosen for a bulk action: kept outside React so a grid's cells (rendered by
 * ag-grid) follow it through useSyncExternalStore without rebuilding the columns.
 */
export class Selection<Row> {
  private rows = new Map<string, Row>();
  private page: Row[] = [];
  private listeners = new Set<() => void>();
  private version = 0;

  constructor(private readonly idOf: (row: Row) => string) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = () => this.version;

  private changed() {
    this.version += 1;
    this.listeners.forEach((listener) => listener());
  }

  has(row: Row): boolean {
    return this.rows.has(this.idOf(row));
  }

  toggle(row: Row): void {
    const id = this.idOf(row);
    if (this.rows.has(id)) this.rows.delete(id);
    else this.rows.set(id, row);
    this.changed();
  }

  /** The page shown: "select this page" chooses its rows. */
  setPage(rows: Row[]): void {
    this.page = rows;
    // A refreshed page brings the rows as they are now: the chosen ones follow, so a
    // preview judges the current state (a coupon switched off meanwhile is "already off").
    for (const row of rows) {
      const id = this.idOf(row);
      if (this.rows.has(id)) this.rows.set(id, row);
    }
    this.changed();
  }

  pageSelected(): boolean {
    return this.page.length > 0 && this.page.every((row) => this.rows.has(this.idOf(row)));
  }

  togglePage(): void {
    const all = this.pageSelected();
    for (const row of this.page) {
      if (all) this.rows.delete(this.idOf(row));
      else this.rows.set(this.idOf(row), row);
    }
    this.changed();
  }

  clear(): void {
    this.rows.clear();
    this.changed();
  }

  selected(): Row[] {
    return [...this.rows.values()];
  }
}

/** A selection for one screen. */
export function useSelection<Row>(idOf: (row: Row) => string): Selection<Row> {
  // idOf is a property reader; the first one serves the screen's life.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => new Selection<Row>(idOf), []);
}

/** Re-renders when the selection changes; answers it. */
export function useSelected<Row>(selection: Selection<Row>): Selection<Row> {
  useSyncExternalStore(selection.subscribe, selection.snapshot);
  return selection;
}

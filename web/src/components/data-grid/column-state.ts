/** A column's width and place as the user left them; kept per user and grid in localStorage. */
export interface SavedColumn {
  colId: string;
  width?: number | null;
  flex?: number | null;
}

export function loadColumnState(key: string): SavedColumn[] | null {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    return Array.isArray(saved) ? (saved as SavedColumn[]) : null;
  } catch {
    return null;
  }
}

export function saveColumnState(key: string, columns: SavedColumn[]): void {
  try {
    localStorage.setItem(key, JSON.stringify(columns.map(({ colId, width, flex }) => ({ colId, width, flex }))));
  } catch {
    // A full or blocked storage only loses the layout, never the work.
  }
}

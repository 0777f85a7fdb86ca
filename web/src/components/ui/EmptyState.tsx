import type { ReactNode } from 'react';

/**
 * The one empty state: a title, an optional line under it and the next action (a link
 * or button), e.g. "No sports yet · New sport" or "No results for "pa" · Clear search".
 */
export function EmptyState({ title, message, action }: { title?: string; message?: string; action?: ReactNode }) {
  return (
    <div className="empty-state">
      {title && <p className="empty-state__title">{title}</p>}
      {message && <p className="empty-state__message">{message}</p>}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Wider for tables (history, balances). */
  wide?: boolean;
  /** 'alertdialog' for a question that needs an answer (ConfirmDialog). */
  role?: 'dialog' | 'alertdialog';
  /** The × in the header; off where the dialog's own buttons are the only way out. */
  closeButton?: boolean;
}

/**
 * A modal dialog named by its title: focus goes to its first field or button (not the ×),
 * Escape and the × call onClose.
 */
export function Dialog({ open, title, onClose, children, wide, role = 'dialog', closeButton = true }: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    const first = dialog.current?.querySelector<HTMLElement>('input, select, textarea, button:not(.dialog__close)');
    (first ?? dialog.current)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  const heading = <h2 id={titleId}>{title}</h2>;
  return (
    <div className="dialog-backdrop">
      <div
        className={`dialog${wide ? ' dialog--wide' : ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        ref={dialog}
        tabIndex={-1}
      >
        {closeButton ? (
          <div className="dialog__header">
            {heading}
            <button type="button" className="button button--ghost dialog__close" aria-label={t('common.close')} onClick={onClose}>
              ×
            </button>
          </div>
        ) : (
          heading
        )}
        {children}
      </div>
    </div>
  );
}

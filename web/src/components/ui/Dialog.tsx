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

const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * The open dialogs, the last on top: a question asked from inside a dialog (a
 * ConfirmDialog over the order dialog) takes the keys; the dialog under it does not
 * close on the same Escape nor pull Tab back into itself.
 */
const openDialogs: symbol[] = [];

/** Keeps Tab and Shift+Tab inside the dialog: from the last element to the first and back. */
function trapTab(event: KeyboardEvent, container: HTMLElement) {
  // In document order (not every DOM implementation keeps it for a selector list).
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
  if (focusable.length === 0) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal dialog named by its title: focus goes to the element marked `data-autofocus`, else
 * its first field or button (not the ×),
 * Tab stays inside, Escape and the × call onClose, and focus returns to the opener.
 */
export function Dialog({ open, title, onClose, children, wide, role = 'dialog', closeButton = true }: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  // The latest onClose without re-running the effect: a parent's re-render must not move the focus.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);
  useEffect(() => {
    if (!open) return undefined;
    // Focus goes back where it was (the button that opened the dialog) when it closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // A dialog may name its safe default ([data-autofocus], e.g. "Only this one"); else its first field or button.
    const first =
      dialog.current?.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog.current?.querySelector<HTMLElement>('input, select, textarea, button:not(.dialog__close)');
    (first ?? dialog.current)?.focus();
    const self = Symbol('dialog');
    openDialogs.push(self);
    const onKey = (event: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== self) return;
      if (event.key === 'Escape') close.current();
      if (event.key === 'Tab' && dialog.current) trapTab(event, dialog.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openDialogs.splice(openDialogs.indexOf(self), 1);
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);
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

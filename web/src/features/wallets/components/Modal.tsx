import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '@/features/wallets/i18n';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Wider for tables (history, balances). */
  wide?: boolean;
}

/** A modal dialog (role dialog, named by its title): Escape and the close button close it. */
export function Modal({ open, title, onClose, children, wide }: ModalProps) {
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
  return (
    <div className="dialog-backdrop">
      <div
        className={`dialog${wide ? ' dialog--wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        ref={dialog}
        tabIndex={-1}
      >
        <div className="dialog__header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="button button--ghost dialog__close" aria-label={t('common.close')} onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  /** 'danger' (default) for deleting, rejecting, disabling; 'primary' for a consequential yes such as accepting. */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal asking the user to confirm an action whose consequence the body states; Cancel has the focus, Escape cancels.
 * Rendered at the end of the document, so a question asked from inside another dialog is not part of that dialog.
 */
export function ConfirmDialog({ open, title, body, confirmLabel, cancelLabel, busy, tone = 'danger', onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  if (!open) return null;
  return createPortal(
    <Dialog open={open} title={title} onClose={onCancel} role="alertdialog" closeButton={false}>
      <p>{body}</p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onCancel}>
          {cancelLabel ?? t('common.cancel')}
        </button>
        <button type="button" className={`button button--${tone}`} disabled={busy} onClick={onConfirm}>
          {confirmLabel ?? t('common.delete')}
        </button>
      </div>
    </Dialog>,
    document.body,
  );
}

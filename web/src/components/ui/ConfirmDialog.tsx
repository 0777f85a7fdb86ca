import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/Dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal asking the user to confirm a destructive action; Cancel has the focus, Escape cancels. */
export function ConfirmDialog({ open, title, body, confirmLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} title={title} onClose={onCancel} role="alertdialog" closeButton={false}>
      <p>{body}</p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="button button--danger" disabled={busy} onClick={onConfirm}>
          {confirmLabel ?? t('common.delete')}
        </button>
      </div>
    </Dialog>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from './modal-dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A question before something that cannot be undone. Cancel has focus first, so Enter never destroys. */
export function ConfirmDialog({ open, title, message, confirmLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  return (
    <ModalDialog open={open} onClose={onCancel} labelledBy={titleId} describedBy={messageId} role="alertdialog">
      <h2 id={titleId}>{title}</h2>
      <p id={messageId}>{message}</p>
      <div className="actions">
        <button type="button" className="button" autoFocus onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="button danger" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}

import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from './modal-dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  /** A second line under the message: what exactly is at stake, by its name. */
  detail?: string;
  confirmLabel: string;
  /** "Cancel" unless going back has a name of its own ("Move the point"). */
  cancelLabel?: string;
  /** Whether confirming destroys something (the confirm button then says so in red); yes unless told. */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A question before something that cannot be undone (or that is likely a mistake), as an alert
 * dialog named by its title and described by its message. Cancel has focus first, so Enter never
 * destroys; Escape and a tap outside cancel too.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  detail,
  confirmLabel,
  cancelLabel,
  danger = true,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  const detailId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      open={open}
      onClose={onCancel}
      labelledBy={titleId}
      describedBy={detail ? `${messageId} ${detailId}` : messageId}
      role="alertdialog"
      initialFocus={cancelRef}
    >
      <h2 id={titleId}>{title}</h2>
      <p id={messageId}>{message}</p>
      {detail && (
        <p id={detailId} className="confirm-detail" dir="auto">
          {detail}
        </p>
      )}
      <div className="actions">
        <button ref={cancelRef} type="button" className="button" onClick={onCancel}>
          {cancelLabel ?? t('common.cancel')}
        </button>
        <button
          type="button"
          className={danger ? 'button danger' : 'button primary'}
          disabled={busy}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}

type ConfirmDeleteDialogProps = Omit<ConfirmDialogProps, 'title' | 'message' | 'confirmLabel' | 'detail'> & {
  /**
   * What goes, by its name, in a sentence: "The muse “See you at 8” is deleted for everyone in the
   * chat." Required: the spec's question alone ("delete the item?") does not say which item.
   */
  subject: string;
  /** "Delete" unless the action has a name of its own ("Clear"). */
  confirmLabel?: string;
};

/**
 * The one question before deleting something: a muse, an interpreter profile, a plaza's
 * conversation, a record, a tenant. The spec fixes its words ('Are you sure?', 'Are you sure you
 * want to delete the item?'); the line under them names the item.
 */
export function ConfirmDeleteDialog({ confirmLabel, subject, ...props }: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('common.areYouSure')}
      message={t('common.confirmDelete')}
      detail={subject}
      confirmLabel={confirmLabel ?? t('common.delete')}
      {...props}
    />
  );
}
